package emulation

import (
	"context"
	"math"

	"github.com/agentbrowser/agentbrowser/bus"
	"github.com/agentbrowser/agentbrowser/events"
)

// Network presets, as DevTools' throttling menu defines them: throughput
// in kilobits per second, latency in milliseconds.
var presets = map[string]events.NetworkConditions{
	events.NetworkSlow3G:  {Preset: events.NetworkSlow3G, DownloadKbps: 400, UploadKbps: 400, LatencyMS: 2000},
	events.NetworkFast3G:  {Preset: events.NetworkFast3G, DownloadKbps: 1440, UploadKbps: 675, LatencyMS: 562.5},
	events.NetworkOffline: {Preset: events.NetworkOffline, Offline: true},
}

// maxCPU is the largest CPU slowdown taken: past it a page does nothing
// an agent can wait for.
const maxCPU = 100

// nextConditions applies e's network, CPU, forced-colors and contrast
// settings to n, and returns what is wrong with them.
func nextConditions(n *events.Emulation, e events.EmulateEvent) []error {
	var errs []error
	if c := e.Network; c != nil {
		switch {
		case c.Preset == events.NetworkOff:
			n.Network, n.Offline = nil, false
		case c.Preset != "":
			p, ok := presets[c.Preset]
			if !ok {
				errs = append(errs, invalid("network %q: want slow-3g, fast-3g, offline, off, or DOWN UP LATENCY (kbit/s, kbit/s, ms)", c.Preset))
				break
			}
			n.Network = &p
		default:
			bad := false
			for _, v := range []float64{c.DownloadKbps, c.UploadKbps, c.LatencyMS} {
				if math.IsNaN(v) || math.IsInf(v, 0) || v < 0 || v > 1e7 {
					bad = true
				}
			}
			if bad {
				errs = append(errs, invalid("network %g %g %g: download and upload (kbit/s) and latency (ms) must be numbers from 0 to 10000000 (0: not limited)", c.DownloadKbps, c.UploadKbps, c.LatencyMS))
				break
			}
			cc := *c
			if cc.Offline {
				cc = presets[events.NetworkOffline]
			}
			n.Network = &cc
		}
	}
	if e.CPU != nil {
		r := *e.CPU
		switch {
		case math.IsNaN(r) || r < 1 || r > maxCPU:
			errs = append(errs, invalid("cpu %g: want a slowdown factor from 1 (none) to %d, such as 4", r, maxCPU))
		case r == 1:
			n.CPU = 0
		default:
			n.CPU = r
		}
	}
	switch e.ForcedColors {
	case "":
	case "reset":
		n.ForcedColors = ""
	case "active", "none":
		n.ForcedColors = e.ForcedColors
	default:
		errs = append(errs, invalid("forced colors %q: want active or none", e.ForcedColors))
	}
	switch e.Contrast {
	case "":
	case "reset":
		n.Contrast = ""
	case "more", "less", "no-preference", "custom":
		n.Contrast = e.Contrast
	default:
		errs = append(errs, invalid("contrast %q: want more, less, no-preference or custom", e.Contrast))
	}
	return errs
}

// mediaFeatures are the forced-colors and prefers-contrast features st
// emulates.
func mediaFeatures(st events.Emulation) []map[string]string {
	var f []map[string]string
	if st.ForcedColors != "" {
		f = append(f, map[string]string{"name": "forced-colors", "value": st.ForcedColors})
	}
	if st.Contrast != "" {
		f = append(f, map[string]string{"name": "prefers-contrast", "value": st.Contrast})
	}
	return f
}

// conditions are the Network.emulateNetworkConditions arguments of st:
// offline (set offline, or the offline preset), or the throttling.
func conditions(st events.Emulation) map[string]any {
	p := map[string]any{"offline": st.Offline, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1}
	if c := st.Network; c != nil {
		p["offline"] = st.Offline || c.Offline
		p["latency"] = c.LatencyMS
		// kbit/s to bytes/s; 0 means no limit, which the browser says -1.
		for k, v := range map[string]float64{"downloadThroughput": c.DownloadKbps, "uploadThroughput": c.UploadKbps} {
			if v > 0 {
				p[k] = v * 1000 / 8
			}
		}
	}
	return p
}

// networkDomain is how Network.enable must be sent so that the request
// log's buffers stay as its owner set them: the owner says, and without
// one (a session without the request log) no buffers are asked for.
func (a *attachment) networkDomain(ctx context.Context) map[string]any {
	d, err := bus.Ask(ctx, a.s.Bus(), events.NetworkDomainEvent{})
	if err != nil {
		d = events.NetworkDomain{}
	}
	return map[string]any{"maxTotalBufferSize": d.MaxTotalBufferSize, "maxResourceBufferSize": d.MaxResourceBufferSize, "maxPostDataSize": d.MaxPostDataSize}
}
