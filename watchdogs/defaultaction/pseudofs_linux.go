package defaultaction

import "syscall"

// pseudoFS names the file system of path when it is one whose files
// describe the system (procfs, sysfs, ...) rather than hold data.
func pseudoFS(path string) (string, bool) {
	var st syscall.Statfs_t
	if syscall.Statfs(path, &st) != nil {
		return "", false
	}
	switch uint32(st.Type) {
	case 0x9fa0:
		return "/proc", true
	case 0x62656572:
		return "/sys (sysfs)", true
	case 0x64626720:
		return "debugfs", true
	case 0x73636673:
		return "securityfs", true
	case 0x27e0eb, 0x63677270:
		return "cgroupfs", true
	case 0xcafe4a11:
		return "bpffs", true
	case 0x74726163:
		return "tracefs", true
	}
	return "", false
}
