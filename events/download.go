package events

import "time"

// Download states.
const (
	DownloadInProgress = "in_progress"
	DownloadCompleted  = "completed"
	DownloadCanceled   = "canceled"
	DownloadFailed     = "failed"
)

// Download is one file a page of the session downloaded: a link with
// Content-Disposition: attachment, an <a download> (blob: and data: URLs
// included), a popup that downloads. Path is absolute and set once the
// download completed, under the session's download directory with a name
// made safe from SuggestedFilename; the file is the owner's alone (0600).
type Download struct {
	// ID is the browser's id of the download.
	ID                string `json:"id"`
	URL               string `json:"url"`
	SuggestedFilename string `json:"suggested_filename"`
	Path              string `json:"path,omitempty"`
	// Bytes received so far (all of them once completed).
	Bytes int64 `json:"bytes"`
	// TotalBytes is the size the server announced, 0 when unknown.
	TotalBytes int64 `json:"total_bytes,omitempty"`
	// State is in_progress, completed, canceled or failed.
	State string `json:"state"`
	// Error says why a download was canceled or failed: download_too_large,
	// url_not_allowed (the session's origin lists) or download_failed.
	Error *DownloadError `json:"error,omitempty"`
	// TabID is the tab whose page (or frame) started it, when known.
	TabID     TargetID   `json:"tab_id,omitempty"`
	StartedAt time.Time  `json:"started_at"`
	EndedAt   *time.Time `json:"ended_at,omitempty"`
}

// DownloadError is the code and message of a download that did not
// complete.
type DownloadError struct {
	Code    Code   `json:"code"`
	Message string `json:"message"`
}

// DownloadsEvent lists the session's downloads, oldest first. With Wait it
// first waits, within the dispatch deadline, until none is in progress.
// Handled by the session ("downloads"); result DownloadsResult.
type DownloadsEvent struct {
	Wait bool
}

// DownloadsResult lists downloads and says where they are saved.
type DownloadsResult struct {
	Dir       string     `json:"dir"`
	Downloads []Download `json:"downloads"`
}

// ApplyState implements StatePart: the downloads section of the page state.
func (r DownloadsResult) ApplyState(p *PageState) {
	p.Downloads = r.Downloads
	if p.Downloads == nil {
		p.Downloads = []Download{}
	}
}
