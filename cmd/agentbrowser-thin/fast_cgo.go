//go:build cgo && linux

package main

/*
#cgo linux,!race LDFLAGS: -static
#include <stdlib.h>
#include "fast.h"
*/
import "C"

import "unsafe"

// fastOutcome reads what fast.c's constructor left, before main ran.
func fastOutcome() (fastState, string) {
	switch C.ab_fast_state {
	case C.AB_FAST_GONE:
		return fastGone, C.GoString(&C.ab_fast_reason[0])
	case C.AB_FAST_FULL:
		return fastFull, ""
	}
	return fastNotSent, ""
}

// fastReply is what fast.c's parser read from a reply line.
type fastReply struct {
	Exit           int
	Argv, Fallback bool
	Stdout, Stderr string
}

// fastParseReply runs fast.c's reply parser (for the tests).
func fastParseReply(line []byte) (fastReply, bool) {
	var exit, argv, fallback C.int
	var out, errOut *C.char
	var outn, errn C.size_t
	p := C.CBytes(line)
	defer C.free(p)
	ok := C.ab_parse_reply((*C.char)(p), C.size_t(len(line)), &exit, &argv, &fallback, &out, &outn, &errOut, &errn)
	defer C.free(unsafe.Pointer(out))
	defer C.free(unsafe.Pointer(errOut))
	return fastReply{
		Exit: int(exit), Argv: argv != 0, Fallback: fallback != 0,
		Stdout: C.GoStringN(out, C.int(outn)), Stderr: C.GoStringN(errOut, C.int(errn)),
	}, ok != 0
}

// fastJSONString runs fast.c's string encoder (for the tests).
func fastJSONString(s string) []byte {
	cs := C.CString(s)
	defer C.free(unsafe.Pointer(cs))
	var n C.size_t
	p := C.ab_json_string(cs, &n)
	defer C.free(unsafe.Pointer(p))
	return C.GoBytes(unsafe.Pointer(p), C.int(n))
}
