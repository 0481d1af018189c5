"""Test helpers in one place: the simulated web (a real loopback server), provider and site fakes, MCP and
research webs."""
