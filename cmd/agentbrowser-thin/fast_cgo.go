//go:build cgo && linux

package main

/*
#cgo linux,!race LDFLAGS: -static
#include "fast.h"
*/
import "C"

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
