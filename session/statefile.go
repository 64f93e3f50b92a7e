package session

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"net/url"
	"os"
	"strings"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/internal/safefile"
)

// maxStateFile bounds a storage state file: cookies are at most 4 KB each
// and a browser keeps a few thousand; localStorage is 5-10 MB an origin.
const maxStateFile = 64 << 20

// maxStateProblems is how many problems of a malformed state one error
// names.
const maxStateProblems = 8

// ReadStorageState reads and checks a storage state file (Playwright's
// storageState JSON). A file that cannot be read, or that is not a valid
// state, is invalid_argument naming the file and what is wrong in it.
func ReadStorageState(path string) (events.StorageState, error) {
	b, err := safefile.ReadFile(path, maxStateFile, safefile.Options{})
	if err != nil {
		return events.StorageState{}, events.Errorf(events.CodeInvalidArgument, "reading storage state: %v; nothing was loaded", err)
	}
	st, err := ParseStorageState(b)
	if err != nil {
		var ce *events.Error
		if errors.As(err, &ce) {
			return st, events.Errorf(ce.Code, "storage state %s: %s", path, ce.Message)
		}
		return st, err
	}
	return st, nil
}

func unwrapPath(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// ParseStorageState decodes and checks a storage state in Playwright's
// storageState JSON form. Keys it does not know are ignored (Playwright
// may add some); a wrong type or value is invalid_argument naming where
// ("cookies[2].sameSite") and what is expected.
func ParseStorageState(data []byte) (events.StorageState, error) {
	var st events.StorageState
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var doc any
	if err := dec.Decode(&doc); err != nil {
		return st, events.Errorf(events.CodeInvalidArgument, "not JSON: %s; nothing was loaded", jsonProblem(data, err))
	}
	if dec.More() {
		return st, events.Errorf(events.CodeInvalidArgument, "not one JSON object: text follows it; nothing was loaded")
	}
	if obj, ok := doc.(map[string]any); ok {
		// More cookies than any browser keeps: refused before each is
		// looked at (a state of 100,000 is answered in milliseconds).
		if cs, ok := obj["cookies"].([]any); ok && len(cs) > BrowserMaxCookies {
			return st, tooManyCookies(len(cs), 0, 0, []string{fmt.Sprintf("at most %d in all", BrowserMaxCookies)})
		}
	}
	p := &stateParser{}
	st = p.state(doc)
	if err := p.err(); err != nil {
		return events.StorageState{}, err
	}
	if err := ValidateStorageState(st); err != nil {
		return events.StorageState{}, err
	}
	return st, nil
}

// jsonProblem says where JSON text stops parsing, without Go's type names.
func jsonProblem(data []byte, err error) string {
	var se *json.SyntaxError
	if errors.As(err, &se) {
		line := 1 + bytes.Count(data[:min(int(se.Offset), len(data))], []byte{'\n'})
		return fmt.Sprintf("%s (line %d)", se.Error(), line)
	}
	if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
		return "the text ends early"
	}
	return err.Error()
}

// stateParser walks a decoded JSON document and collects problems.
type stateParser struct {
	problems []string
}

func (p *stateParser) bad(where, format string, args ...any) {
	p.problems = append(p.problems, where+": "+fmt.Sprintf(format, args...))
}

func (p *stateParser) err() error {
	if len(p.problems) == 0 {
		return nil
	}
	msg := p.problems
	more := ""
	if len(msg) > maxStateProblems {
		more = fmt.Sprintf("; and %d more", len(msg)-maxStateProblems)
		msg = msg[:maxStateProblems]
	}
	return events.Errorf(events.CodeInvalidArgument, "%s%s; nothing was loaded", strings.Join(msg, "; "), more)
}

func (p *stateParser) state(doc any) events.StorageState {
	var st events.StorageState
	obj, ok := doc.(map[string]any)
	if !ok {
		p.bad("the state", "want an object with \"cookies\" and \"origins\", got %s", jsonKind(doc))
		return st
	}
	if v, ok := obj["cookies"]; ok && v != nil {
		arr, ok := v.([]any)
		if !ok {
			p.bad("cookies", "want a list, got %s", jsonKind(v))
		}
		for i, c := range arr {
			st.Cookies = append(st.Cookies, p.cookie(fmt.Sprintf("cookies[%d]", i), c))
		}
	}
	if v, ok := obj["origins"]; ok && v != nil {
		arr, ok := v.([]any)
		if !ok {
			p.bad("origins", "want a list, got %s", jsonKind(v))
		}
		for i, o := range arr {
			st.Origins = append(st.Origins, p.origin(fmt.Sprintf("origins[%d]", i), o))
		}
	}
	if _, c := obj["cookies"]; !c {
		if _, o := obj["origins"]; !o {
			p.bad("the state", "has neither \"cookies\" nor \"origins\" (is it a storage state file?)")
		}
	}
	return st
}

func (p *stateParser) cookie(where string, v any) events.Cookie {
	var c events.Cookie
	obj, ok := v.(map[string]any)
	if !ok {
		p.bad(where, "want an object, got %s", jsonKind(v))
		return c
	}
	c.Name = p.str(where, obj, "name", true)
	c.Value = p.str(where, obj, "value", true)
	c.Domain = p.str(where, obj, "domain", true)
	c.Path = p.str(where, obj, "path", false)
	if c.Path == "" {
		c.Path = "/"
	}
	c.Expires = -1
	if e, ok := obj["expires"]; ok && e != nil {
		n, ok := e.(json.Number)
		f, err := n.Float64()
		if !ok || err != nil {
			p.bad(where+".expires", "want a number (seconds since the epoch, -1 for a session cookie), got %s", jsonKind(e))
		} else {
			c.Expires = f
		}
	}
	c.HTTPOnly = p.boolean(where, obj, "httpOnly")
	c.Secure = p.boolean(where, obj, "secure")
	c.SameSite = p.str(where, obj, "sameSite", false)
	c.PartitionKey = p.str(where, obj, "partitionKey", false)
	return c
}

func (p *stateParser) origin(where string, v any) events.OriginState {
	var o events.OriginState
	obj, ok := v.(map[string]any)
	if !ok {
		p.bad(where, "want an object, got %s", jsonKind(v))
		return o
	}
	o.Origin = p.str(where, obj, "origin", true)
	ls, ok := obj["localStorage"]
	if !ok || ls == nil {
		return o
	}
	arr, ok := ls.([]any)
	if !ok {
		p.bad(where+".localStorage", "want a list, got %s", jsonKind(ls))
		return o
	}
	for i, it := range arr {
		w := fmt.Sprintf("%s.localStorage[%d]", where, i)
		item, ok := it.(map[string]any)
		if !ok {
			p.bad(w, "want an object with name and value, got %s", jsonKind(it))
			continue
		}
		o.LocalStorage = append(o.LocalStorage, events.StorageItem{Name: p.str(w, item, "name", true), Value: p.str(w, item, "value", true)})
	}
	return o
}

// str reads a string field; required ones must be present.
func (p *stateParser) str(where string, obj map[string]any, key string, required bool) string {
	v, ok := obj[key]
	if !ok || v == nil {
		if required {
			p.bad(where+"."+key, "missing")
		}
		return ""
	}
	s, ok := v.(string)
	if !ok {
		p.bad(where+"."+key, "want a string, got %s", jsonKind(v))
	}
	return s
}

func (p *stateParser) boolean(where string, obj map[string]any, key string) bool {
	v, ok := obj[key]
	if !ok || v == nil {
		return false
	}
	b, ok := v.(bool)
	if !ok {
		p.bad(where+"."+key, "want true or false, got %s", jsonKind(v))
	}
	return b
}

// jsonKind names a decoded JSON value's kind for a message.
func jsonKind(v any) string {
	switch x := v.(type) {
	case nil:
		return "null"
	case string:
		if len(x) > 40 {
			x = x[:40] + "..."
		}
		return fmt.Sprintf("the string %q", x)
	case json.Number:
		return "the number " + x.String()
	case bool:
		return fmt.Sprintf("%t", x)
	case []any:
		return "a list"
	case map[string]any:
		return "an object"
	}
	return "something else"
}

// ValidateStorageState checks the values of a state: cookie names, domains,
// paths, expiry and SameSite, and origins; its error is invalid_argument
// naming each problem. A state with more cookies than a browser keeps
// (BrowserMaxCookies, BrowserSiteMaxCookies) is too_many_cookies.
func ValidateStorageState(st events.StorageState) error {
	if err := validateState(st); err != nil {
		return err
	}
	return checkCookieRoom(nil, st.Cookies)
}

func validateState(st events.StorageState) error {
	p := &stateParser{}
	for i, c := range st.Cookies {
		w := fmt.Sprintf("cookies[%d]", i)
		if c.Name == "" && c.Value == "" {
			p.bad(w, "a cookie needs a name or a value")
		}
		if strings.ContainsAny(c.Name, ";=") || hasControl(c.Name) {
			p.bad(w+".name", "%q has a character a cookie name cannot have (';', '=' or a control character)", c.Name)
		}
		if strings.Contains(c.Value, ";") || hasControl(c.Value) {
			p.bad(w+".value", "has a character a cookie value cannot have (';' or a control character)")
		}
		if len(c.Name)+len(c.Value) > 4096 {
			p.bad(w, "name and value are %d bytes; browsers keep at most 4096", len(c.Name)+len(c.Value))
		}
		if c.Domain == "" {
			p.bad(w+".domain", "missing")
		} else if strings.ContainsAny(c.Domain, "/:?#@ ") || hasControl(c.Domain) {
			p.bad(w+".domain", "%q is not a host or domain", c.Domain)
		}
		if !strings.HasPrefix(c.Path, "/") {
			p.bad(w+".path", "%q must start with /", c.Path)
		}
		if c.Expires != -1 && !(c.Expires > 0 && c.Expires < math.MaxInt64) {
			p.bad(w+".expires", "%v: want seconds since the epoch, or -1 for a session cookie", c.Expires)
		}
		switch c.SameSite {
		case "", "Strict", "Lax", "None":
		default:
			p.bad(w+".sameSite", "%q: want Strict, Lax or None", c.SameSite)
		}
		if c.PartitionKey != "" {
			if _, err := parseStateOrigin(c.PartitionKey); err != nil {
				p.bad(w+".partitionKey", "%q: want a site such as https://example.com", c.PartitionKey)
			}
		}
	}
	for i, o := range st.Origins {
		w := fmt.Sprintf("origins[%d]", i)
		if _, err := parseStateOrigin(o.Origin); err != nil {
			p.bad(w+".origin", "%v", err)
		}
	}
	return p.err()
}

// parseStateOrigin checks an origin of a state ("https://example.com:8443")
// and returns it in its normal form: lowercase scheme and host, no path.
func parseStateOrigin(s string) (string, error) {
	u, err := url.Parse(s)
	if err != nil {
		return "", fmt.Errorf("%q is not an origin: %v", s, innerURLError(err))
	}
	if u.Scheme != "http" && u.Scheme != "https" {
		return "", fmt.Errorf("%q: want an http or https origin such as https://example.com", s)
	}
	if u.Host == "" || u.User != nil || (u.Path != "" && u.Path != "/") || u.RawQuery != "" || u.Fragment != "" {
		return "", fmt.Errorf("%q: want scheme://host[:port] only, such as https://example.com", s)
	}
	return strings.ToLower(u.Scheme + "://" + u.Host), nil
}

func innerURLError(err error) error {
	var ue *url.Error
	if errors.As(err, &ue) {
		return ue.Err
	}
	return err
}

func hasControl(s string) bool {
	for _, r := range s {
		if r < 0x20 || r == 0x7f {
			return true
		}
	}
	return false
}
