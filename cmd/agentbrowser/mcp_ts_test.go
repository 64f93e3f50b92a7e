package main_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestMCPTypeScriptClient runs e2e/mcp with the official TypeScript MCP
// client (@modelcontextprotocol/sdk, pinned in e2e/mcp/package-lock.json
// and installed by "make test" with npm ci). Under CI=true a missing Node.js
// or missing install fails the test instead of skipping it.
func TestMCPTypeScriptClient(t *testing.T) {
	dir, err := filepath.Abs("../../e2e/mcp")
	if err != nil {
		t.Fatal(err)
	}
	node, err := exec.LookPath("node")
	missing := ""
	switch {
	case err != nil:
		missing = "node is not installed"
	case !exists(filepath.Join(dir, "node_modules", "@modelcontextprotocol", "sdk", "package.json")):
		missing = "run 'npm ci' in e2e/mcp (make test does)"
	}
	if missing != "" {
		if os.Getenv("CI") == "true" {
			t.Fatalf("the TypeScript MCP client test cannot run: %s", missing)
		}
		t.Skip(missing)
	}
	srv := mcpSite(t)
	home := t.TempDir()
	cmd := exec.CommandContext(t.Context(), node, "--test", "--test-concurrency=1", "mcp.e2e.test.mjs")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "AB_BIN="+bin, "AB_SITE="+srv.MainURL(""), "AGENTBROWSER_HOME="+home)
	out, err := cmd.CombinedOutput()
	t.Logf("%s", out)
	if err != nil {
		t.Fatalf("the TypeScript MCP client test failed: %v", err)
	}
}

func exists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}
