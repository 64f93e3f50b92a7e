package record

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

// videoTimeout bounds ffmpeg, whatever the caller's budget.
const videoTimeout = 2 * time.Minute

// makeVideo makes video.webm of the frames in dir with ffmpeg, each frame
// shown until the next one's time (the last for a second, or until the
// recording ended); it returns the video's path, or why there is none.
func makeVideo(ctx context.Context, dir string, frames []frame, total time.Duration) (string, string) {
	if len(frames) == 0 {
		return "", "no frame was painted while recording, so no video was made"
	}
	ffmpeg, err := exec.LookPath("ffmpeg")
	if err != nil {
		return "", "ffmpeg is not on the PATH, so no WebM was made; the frames and their times are in frames.json"
	}
	// ffconcat lists each frame with how long it stays on screen.
	var list strings.Builder
	list.WriteString("ffconcat version 1.0\n")
	for i, f := range frames {
		d := time.Second
		if i+1 < len(frames) {
			d = frames[i+1].Timestamp.Sub(f.Timestamp)
		} else if rest := total - time.Duration(f.OffsetMS*float64(time.Millisecond)); rest > 0 && rest < 10*time.Second {
			d = rest
		}
		if d < 10*time.Millisecond {
			d = 10 * time.Millisecond
		}
		fmt.Fprintf(&list, "file '%s'\nduration %.3f\n", f.File, d.Seconds())
	}
	// The last file again, as the concat demuxer reads the last duration
	// only then.
	fmt.Fprintf(&list, "file '%s'\n", frames[len(frames)-1].File)
	listFile := filepath.Join(dir, "frames.ffconcat")
	if err := os.WriteFile(listFile, []byte(list.String()), 0o600); err != nil {
		return "", "writing the frame list for ffmpeg failed: " + err.Error()
	}
	defer os.Remove(listFile)
	out := filepath.Join(dir, "video.webm")
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), videoTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, ffmpeg, "-hide_banner", "-loglevel", "error", "-y",
		"-f", "concat", "-safe", "0", "-i", listFile,
		"-vf", "scale=trunc(iw/2)*2:trunc(ih/2)*2", "-c:v", "libvpx-vp9", "-pix_fmt", "yuv420p",
		"-b:v", "0", "-crf", "40", "-deadline", "realtime", "-vsync", "vfr", out)
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		msg := strings.TrimSpace(stderr.String())
		if i := strings.LastIndex(msg, "\n"); i >= 0 {
			msg = msg[i+1:]
		}
		if msg == "" {
			msg = err.Error()
		}
		return "", "ffmpeg failed, so no WebM was made (" + msg + "); the frames and their times are in frames.json"
	}
	_ = os.Chmod(out, 0o600)
	return out, ""
}
