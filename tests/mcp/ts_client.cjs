// Drives the MCP server with the official TypeScript SDK client (@modelcontextprotocol/sdk, the
// one desktop clients embed): connect, list the tools (which arms the client's output-schema
// validation), call each tool of the plan, print one JSON line per call on stdout.
// Usage: node ts_client.cjs <node_modules parent dir>  < plan.json
// plan: {"transport": "stdio", "command": ..., "args": [...], "cwd": ...} or {"transport": "http", "url": ...},
//       plus "calls": [{"name": ..., "arguments": {...}}, ...]
"use strict";
const { createRequire } = require("node:module");
const path = require("node:path");

async function main() {
  const load = createRequire(path.join(process.argv[2], "package.json"));
  const { Client } = load("@modelcontextprotocol/sdk/client/index.js");
  const plan = JSON.parse(require("node:fs").readFileSync(0, "utf8"));
  let transport;
  if (plan.transport === "stdio") {
    const { StdioClientTransport } = load("@modelcontextprotocol/sdk/client/stdio.js");
    transport = new StdioClientTransport({ command: plan.command, args: plan.args, cwd: plan.cwd, env: plan.env, stderr: "ignore" });
  } else {
    const { StreamableHTTPClientTransport } = load("@modelcontextprotocol/sdk/client/streamableHttp.js");
    transport = new StreamableHTTPClientTransport(new URL(plan.url));
  }
  const client = new Client({ name: "webquorum-ts-test", version: "1.0.0" });
  await client.connect(transport);
  const { tools } = await client.listTools();
  console.log(JSON.stringify({ tools: tools.map((t) => t.name) }));
  for (const call of plan.calls) {
    try {
      const result = await client.callTool({ name: call.name, arguments: call.arguments }, undefined, { timeout: 60000 });
      const text = (result.content || []).filter((c) => c.type === "text").map((c) => c.text).join("\n");
      console.log(JSON.stringify({ name: call.name, isError: Boolean(result.isError), text, structured: result.structuredContent ?? null }));
    } catch (error) {
      console.log(JSON.stringify({ name: call.name, thrown: String(error && error.message ? error.message : error) }));
    }
  }
  await client.close();
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(String(error && error.stack ? error.stack : error));
    process.exit(1);
  },
);
