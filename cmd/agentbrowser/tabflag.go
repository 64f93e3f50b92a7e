package main

func init() {
	globalFlags = append(globalFlags, Flag{Name: "tab", Kind: String,
		Usage: "run a tab-scoped command on this tab (an id as 'tabs' prints it, or a unique prefix) instead of the active one"})
}
