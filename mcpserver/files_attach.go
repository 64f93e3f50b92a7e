package mcpserver

import (
	"errors"
	"fmt"
	"mime"
	"net/url"
	"path/filepath"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/agentbrowser/agentbrowser/events"
	"github.com/agentbrowser/agentbrowser/internal/safefile"
)

// attachment is a file's bytes as result content, or why it is not.
type attachment struct {
	content mcp.Content
	note    string
}

// attach reads a file the server made for the client (a PDF, a saved
// state, a download) within what is left of budget and returns it as
// content: image content for an image, an embedded resource otherwise.
func attach(path, mimeType string, budget *int64) attachment {
	b, err := safefile.ReadFile(path, *budget, safefile.Options{NoFollow: true})
	switch {
	case errors.Is(err, safefile.ErrTooLarge):
		return attachment{note: fmt.Sprintf("%s not attached: over the %d bytes left for this result's files; it stays at that path", filepath.Base(path), *budget)}
	case err != nil:
		return attachment{note: fmt.Sprintf("%s not attached: %v", filepath.Base(path), err)}
	}
	*budget -= int64(len(b))
	if mimeType == "" {
		mimeType = mime.TypeByExtension(strings.ToLower(filepath.Ext(path)))
		if mimeType == "" {
			mimeType = "application/octet-stream"
		}
	}
	if strings.HasPrefix(mimeType, "image/png") || strings.HasPrefix(mimeType, "image/jpeg") {
		return attachment{content: &mcp.ImageContent{Data: b, MIMEType: mimeType}}
	}
	rc := &mcp.ResourceContents{URI: (&url.URL{Scheme: "file", Path: path}).String(), MIMEType: mimeType}
	if mimeType == "application/json" {
		rc.Text = string(b)
	} else {
		rc.Blob = b
	}
	return attachment{content: &mcp.EmbeddedResource{Resource: rc}}
}

// attachBudget is the bytes one result may carry.
func (c *conn) attachBudget() int64 {
	if c.files.MaxAttachBytes > 0 {
		return c.files.MaxAttachBytes
	}
	return DefaultMaxAttachBytes
}

// Files come back as content to remote clients only: a local client reads
// the path it was told, and a file's bytes (a PDF, a state full of
// cookies) need not pass through its model's context.

// attachTo adds the file at path to a remote client's result, or a line
// saying why it is not there.
func (c *conn) attachTo(out *toolOut, path, mimeType string) {
	if !c.client.Remote {
		return
	}
	budget := c.attachBudget()
	a := attach(path, mimeType, &budget)
	if a.content != nil {
		out.images = append(out.images, a.content)
		return
	}
	out.text += "\n" + a.note
}

// attachDownloads adds to a remote client's result the completed
// downloads no earlier result of the connection carried, within one
// result's budget.
func (c *conn) attachDownloads(out *toolOut, ds []events.Download) {
	if !c.client.Remote {
		return
	}
	budget := c.attachBudget()
	for _, d := range ds {
		if d.State != events.DownloadCompleted || d.Path == "" {
			continue
		}
		c.mu.Lock()
		done := c.attached[d.Path]
		c.mu.Unlock()
		if done {
			continue
		}
		a := attach(d.Path, "", &budget)
		if a.content == nil {
			out.text += "\n" + a.note
			continue
		}
		out.images = append(out.images, a.content)
		c.mu.Lock()
		c.attached[d.Path] = true
		c.mu.Unlock()
	}
}
