// Command hello is the yardstick for process start: a hello-world Go
// binary, against which make bench compares "agentbrowser version".
package main

import "fmt"

func main() { fmt.Println("hello") }
