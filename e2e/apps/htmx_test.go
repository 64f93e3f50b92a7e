package apps_test

import (
	"encoding/json"
	"fmt"
	"html"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
)

// contact is one row of the htmx app's contacts (testdata/htmx.html).
type contact struct {
	ID     int    `json:"id"`
	Name   string `json:"name"`
	Email  string `json:"email"`
	Status string `json:"status"`
}

// contactsDB is one browser's contacts: the host page names a fresh one in
// a cookie each time it loads, so that the drivers, which run at once, and
// the tasks, which run one after another, each start from the same rows.
type contactsDB struct {
	Contacts []contact `json:"contacts"`
	Tab      string    `json:"tab"`
	next     int
}

func seedContacts() *contactsDB {
	names := []string{"Ann Lee", "Ben Ortiz", "Carl Diaz", "Dana Fox", "Eve Stone", "Finn Hale",
		"Gina Park", "Hugo Bell", "Iris Wong", "Jack Moss", "Kara Lind", "Liam Cole"}
	db := &contactsDB{Tab: "Overview"}
	for i, n := range names {
		status := "Active"
		if i%3 == 2 {
			status = "Inactive"
		}
		email := strings.ToLower(strings.ReplaceAll(n, " ", ".")) + "@example.com"
		db.Contacts = append(db.Contacts, contact{ID: i + 1, Name: n, Email: email, Status: status})
	}
	db.next = len(names) + 1
	return db
}

func (db *contactsDB) find(id int) *contact {
	for i := range db.Contacts {
		if db.Contacts[i].ID == id {
			return &db.Contacts[i]
		}
	}
	return nil
}

// latency is the back end's think time: each handler answers after its
// own, from 100 to 600 ms, as a real server does.
func latency(ms int) { time.Sleep(time.Duration(ms) * time.Millisecond) }

const pageSize = 5

var esc = html.EscapeString

// contactRow is a contact's row as the table shows it.
func contactRow(c contact) string {
	return fmt.Sprintf(`<tr id="contact-%d"><td><input type="checkbox" name="ids" value="%d" aria-label="Select %s"></td>`+
		`<td>%s</td><td>%s</td><td>%s</td>`+
		`<td><button type="button" hx-get="/htmx/contacts/%d/edit" hx-target="closest tr" hx-swap="outerHTML">Edit</button> `+
		`<button type="button" hx-delete="/htmx/contacts/%d" hx-confirm="Delete %s?" hx-target="closest tr" hx-swap="outerHTML swap:200ms">Delete</button></td></tr>`,
		c.ID, c.ID, esc(c.Name), esc(c.Name), esc(c.Email), c.Status, c.ID, c.ID, esc(c.Name))
}

// editRow is a contact's row while it is edited.
func editRow(c contact) string {
	return fmt.Sprintf(`<tr id="contact-%d" class="editing"><td></td>`+
		`<td><input name="name" value="%s" aria-label="Name"></td><td><input name="email" value="%s" aria-label="Email"></td><td>%s</td>`+
		`<td><button type="button" hx-put="/htmx/contacts/%d" hx-include="closest tr" hx-target="closest tr" hx-swap="outerHTML">Save</button> `+
		`<button type="button" hx-get="/htmx/contacts/%d" hx-target="closest tr" hx-swap="outerHTML">Cancel</button></td></tr>`,
		c.ID, esc(c.Name), esc(c.Email), c.Status, c.ID, c.ID)
}

// contactPage is page p (from 1) of the rows, and a Load more row when
// more follow.
func contactPage(db *contactsDB, p int) string {
	var b strings.Builder
	lo, hi := (p-1)*pageSize, min(p*pageSize, len(db.Contacts))
	for _, c := range db.Contacts[min(lo, hi):hi] {
		b.WriteString(contactRow(c))
	}
	if hi < len(db.Contacts) {
		fmt.Fprintf(&b, `<tr id="more"><td colspan="5"><button type="button" hx-get="/htmx/contacts?page=%d" hx-target="closest tr" hx-swap="outerHTML">Load more</button></td></tr>`, p+1)
	}
	return b.String()
}

// emailField is the new-contact form's email field, with its error when
// the address is not valid or taken.
func emailField(db *contactsDB, email string) string {
	msg := emailProblem(db, email)
	inv := ""
	if msg != "" {
		inv = ` aria-invalid="true" aria-describedby="email-error"`
		msg = `<div id="email-error" class="error">` + msg + `</div>`
	}
	return fmt.Sprintf(`<div id="email-field" hx-target="this" hx-swap="outerHTML"><label>Email <input name="email" type="email" value="%s"%s `+
		`hx-post="/htmx/validate/email" hx-trigger="blur changed"></label>%s</div>`, esc(email), inv, msg)
}

func emailProblem(db *contactsDB, email string) string {
	if email == "" {
		return ""
	}
	if !strings.Contains(email, "@") {
		return "Enter an email address with an @"
	}
	for _, c := range db.Contacts {
		if strings.EqualFold(c.Email, email) {
			return "That email is already taken by " + esc(c.Name)
		}
	}
	return ""
}

// tabs is the account card's tab list and its open panel.
func tabs(open string) string {
	bodies := map[string]string{
		"Overview": `<p>Plan: Team. Seats used: 12 of 20.</p>`,
		"Activity": `<ul><li>Ann Lee signed in</li><li>Ben Ortiz exported 3 reports</li><li>Invoice INV-2041 was paid</li></ul>`,
		"Billing":  `<p>Next invoice: INV-2042, 240.00 EUR, due 1 January 2027.</p>`,
	}
	var b strings.Builder
	b.WriteString(`<div role="tablist" aria-label="Account">`)
	for _, n := range []string{"Overview", "Activity", "Billing"} {
		fmt.Fprintf(&b, `<button type="button" role="tab" aria-selected="%t" aria-controls="tab-panel" hx-get="/htmx/tabs/%s">%s</button>`, n == open, n, n)
	}
	fmt.Fprintf(&b, `</div><div id="tab-panel" role="tabpanel" aria-label="%s">%s</div>`, open, bodies[open])
	return b.String()
}

// htmxAPI is the htmx app's back end: it answers HTML fragments, each
// after a realistic latency, and /htmx/state tells a task's final check
// what the server holds.
func htmxAPI(mux *http.ServeMux) {
	var mu sync.Mutex
	dbs := map[string]*contactsDB{}
	// with runs fn on the caller's contacts (its cookie's), under the lock.
	with := func(w http.ResponseWriter, r *http.Request, fn func(db *contactsDB) string) {
		ck, err := r.Cookie("contacts-db")
		if err != nil {
			http.Error(w, "no contacts-db cookie: open /htmx.html first", http.StatusBadRequest)
			return
		}
		mu.Lock()
		db := dbs[ck.Value]
		if db == nil {
			db = seedContacts()
			dbs[ck.Value] = db
		}
		out := fn(db)
		mu.Unlock()
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		_, _ = w.Write([]byte(out))
	}
	id := func(r *http.Request) int { n, _ := strconv.Atoi(r.PathValue("id")); return n }

	mux.HandleFunc("GET /htmx/contacts", func(w http.ResponseWriter, r *http.Request) {
		latency(250)
		p, _ := strconv.Atoi(r.URL.Query().Get("page"))
		with(w, r, func(db *contactsDB) string { return contactPage(db, max(p, 1)) })
	})
	mux.HandleFunc("GET /htmx/contacts/{id}", func(w http.ResponseWriter, r *http.Request) {
		latency(150)
		with(w, r, func(db *contactsDB) string {
			if c := db.find(id(r)); c != nil {
				return contactRow(*c)
			}
			return ""
		})
	})
	mux.HandleFunc("GET /htmx/contacts/{id}/edit", func(w http.ResponseWriter, r *http.Request) {
		latency(200)
		with(w, r, func(db *contactsDB) string {
			if c := db.find(id(r)); c != nil {
				return editRow(*c)
			}
			return ""
		})
	})
	mux.HandleFunc("PUT /htmx/contacts/{id}", func(w http.ResponseWriter, r *http.Request) {
		latency(400)
		_ = r.ParseForm()
		with(w, r, func(db *contactsDB) string {
			c := db.find(id(r))
			if c == nil {
				return ""
			}
			c.Name, c.Email = r.PostForm.Get("name"), r.PostForm.Get("email")
			return contactRow(*c)
		})
	})
	mux.HandleFunc("DELETE /htmx/contacts/{id}", func(w http.ResponseWriter, r *http.Request) {
		latency(300)
		with(w, r, func(db *contactsDB) string {
			db.Contacts = slices.DeleteFunc(db.Contacts, func(c contact) bool { return c.ID == id(r) })
			return ""
		})
	})
	mux.HandleFunc("GET /htmx/search", func(w http.ResponseWriter, r *http.Request) {
		latency(350)
		q := strings.ToLower(strings.TrimSpace(r.URL.Query().Get("q")))
		with(w, r, func(db *contactsDB) string {
			if q == "" {
				return ""
			}
			var b strings.Builder
			n := 0
			for _, c := range db.Contacts {
				if strings.Contains(strings.ToLower(c.Name+" "+c.Email), q) {
					fmt.Fprintf(&b, `<li>%s, %s</li>`, esc(c.Name), esc(c.Email))
					n++
				}
			}
			if n == 0 {
				return `<p>No contacts match.</p>`
			}
			return fmt.Sprintf(`<p>%d found</p><ul aria-label="Search results">%s</ul>`, n, b.String())
		})
	})
	mux.HandleFunc("POST /htmx/bulk/{status}", func(w http.ResponseWriter, r *http.Request) {
		latency(450)
		_ = r.ParseForm()
		status := map[string]string{"activate": "Active", "deactivate": "Inactive"}[r.PathValue("status")]
		with(w, r, func(db *contactsDB) string {
			var b strings.Builder
			n := 0
			for _, s := range r.PostForm["ids"] {
				k, _ := strconv.Atoi(s)
				if c := db.find(k); c != nil && status != "" {
					c.Status = status
					n++
					b.WriteString(strings.Replace(contactRow(*c), "<tr ", `<tr hx-swap-oob="true" `, 1))
				}
			}
			fmt.Fprintf(&b, `<div id="flash" role="status" hx-swap-oob="true">Set %d contacts to %s</div>`, n, status)
			return b.String()
		})
	})
	mux.HandleFunc("POST /htmx/validate/email", func(w http.ResponseWriter, r *http.Request) {
		latency(300)
		_ = r.ParseForm()
		with(w, r, func(db *contactsDB) string { return emailField(db, r.PostForm.Get("email")) })
	})
	mux.HandleFunc("POST /htmx/contacts", func(w http.ResponseWriter, r *http.Request) {
		latency(500)
		_ = r.ParseForm()
		name, email := strings.TrimSpace(r.PostForm.Get("name")), strings.TrimSpace(r.PostForm.Get("email"))
		var to string
		with(w, r, func(db *contactsDB) string {
			if name == "" || email == "" || emailProblem(db, email) != "" {
				return `<p id="form-error" class="error" role="alert">Fix the fields above: a name and a free email are needed</p>`
			}
			db.Contacts = append(db.Contacts, contact{ID: db.next, Name: name, Email: email, Status: "Active"})
			to = fmt.Sprintf("/htmx/contact/%d", db.next)
			db.next++
			w.Header().Set("HX-Redirect", to)
			return ""
		})
	})
	mux.HandleFunc("GET /htmx/contact/{id}", func(w http.ResponseWriter, r *http.Request) {
		latency(100)
		with(w, r, func(db *contactsDB) string {
			c := db.find(id(r))
			if c == nil {
				return "<title>Not found</title><h1>No such contact</h1>"
			}
			return fmt.Sprintf(`<!doctype html><title>%s</title><h1>%s</h1><p>Contact created: %s</p><a href="/htmx.html">Back to contacts</a>`,
				esc(c.Name), esc(c.Name), esc(c.Email))
		})
	})
	mux.HandleFunc("GET /htmx/tabs/{name}", func(w http.ResponseWriter, r *http.Request) {
		latency(350)
		with(w, r, func(db *contactsDB) string {
			db.Tab = r.PathValue("name")
			return tabs(db.Tab)
		})
	})
	mux.HandleFunc("GET /htmx/state", func(w http.ResponseWriter, r *http.Request) {
		ck, err := r.Cookie("contacts-db")
		mu.Lock()
		defer mu.Unlock()
		db := (*contactsDB)(nil)
		if err == nil {
			db = dbs[ck.Value]
		}
		if db == nil {
			db = seedContacts()
		}
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(db)
	})
}
