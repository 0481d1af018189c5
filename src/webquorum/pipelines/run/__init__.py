"""The run layer verify and discover share: context and budgets, ledger, egress gate, fence, model prompts."""
