package main

// registerTools adds every tool to the server. The evaluate and cdp
// settings hide browser_evaluate and browser_cdp (see registerPageTools).
func registerTools(s *mcpServer) {
	registerActionTools(s)
	registerPageTools(s)
}
