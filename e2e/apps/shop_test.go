package apps_test

import (
	"encoding/json"
	"net/http"
	"strings"
)

// product is one article of the shop app (testdata/shop.html).
type product struct {
	ID    string `json:"id"`
	Name  string `json:"name"`
	Price string `json:"price"`
	Blurb string `json:"blurb"`
}

var products = []product{
	{"p-101", "Desk Lamp", "34.90", "An adjustable lamp with a warm LED."},
	{"p-102", "Floor Lamp", "89.00", "A tall lamp for reading corners."},
	{"p-103", "Lamp Shade", "12.50", "A linen shade for E27 fittings."},
	{"p-104", "Office Chair", "149.00", "A chair with lumbar support."},
	{"p-105", "Standing Desk", "399.00", "A desk that rises at a touch."},
	{"p-106", "Monitor Arm", "59.95", "Holds one screen up to 32 inches."},
}

// shopAPI is the shop's back end: a login that hands out a token, a search
// and a product's details, both for signed-in callers only.
func shopAPI(mux *http.ServeMux) {
	const token = "t-7f3a"
	reply := func(w http.ResponseWriter, code int, v any) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(code)
		_ = json.NewEncoder(w).Encode(v)
	}
	signedIn := func(w http.ResponseWriter, r *http.Request) bool {
		if r.Header.Get("Authorization") != "Bearer "+token {
			reply(w, http.StatusUnauthorized, map[string]string{"error": "sign in first"})
			return false
		}
		return true
	}
	mux.HandleFunc("POST /api/login", func(w http.ResponseWriter, r *http.Request) {
		var in struct{ User, Password string }
		_ = json.NewDecoder(r.Body).Decode(&in)
		if in.User != "ann" || in.Password != "s3cret!" {
			reply(w, http.StatusUnauthorized, map[string]string{"error": "Wrong user name or password"})
			return
		}
		reply(w, http.StatusOK, map[string]string{"token": token, "name": "Ann Lee"})
	})
	mux.HandleFunc("GET /api/search", func(w http.ResponseWriter, r *http.Request) {
		if !signedIn(w, r) {
			return
		}
		q := strings.ToLower(r.URL.Query().Get("q"))
		out := []product{}
		for _, p := range products {
			if q != "" && strings.Contains(strings.ToLower(p.Name), q) {
				out = append(out, p)
			}
		}
		reply(w, http.StatusOK, out)
	})
	mux.HandleFunc("GET /api/products/{id}", func(w http.ResponseWriter, r *http.Request) {
		if !signedIn(w, r) {
			return
		}
		for _, p := range products {
			if p.ID == r.PathValue("id") {
				reply(w, http.StatusOK, p)
				return
			}
		}
		reply(w, http.StatusNotFound, map[string]string{"error": "no such product"})
	})
}
