package lsp

import (
	"context"
	"encoding/json"
	"path/filepath"
	"time"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"

	"github.com/recoverlint/recoverlint/check"
)

// textDocumentParams are the parameters that name only a document.
type textDocumentParams struct {
	TextDocument struct {
		URI string `json:"uri"`
	} `json:"textDocument"`
}

func (s *server) didOpen(ctx context.Context, raw json.RawMessage) error {
	var p struct {
		TextDocument struct {
			URI        string `json:"uri"`
			LanguageID string `json:"languageId"`
			Version    int32  `json:"version"`
			Text       string `json:"text"`
		} `json:"textDocument"`
	}
	if json.Unmarshal(raw, &p) != nil || p.TextDocument.URI == "" {
		return nil // a notification gets no reply; a bad one is dropped
	}
	td := p.TextDocument
	path, _ := uriPath(td.URI)
	s.mu.Lock()
	s.docs[td.URI] = &document{uri: td.URI, path: path, lang: td.LanguageID, version: td.Version, text: newText(td.Text), dirty: true}
	s.mu.Unlock()
	s.ws.forgetVisit(path) // the file may be new, or its ignore files changed while it was closed
	s.poke()
	return nil
}

func (s *server) didChange(ctx context.Context, raw json.RawMessage) error {
	var p struct {
		TextDocument struct {
			URI     string `json:"uri"`
			Version int32  `json:"version"`
		} `json:"textDocument"`
		ContentChanges []change `json:"contentChanges"`
	}
	if json.Unmarshal(raw, &p) != nil {
		return nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	d := s.docs[p.TextDocument.URI]
	if d == nil {
		return nil
	}
	t := d.text
	for _, c := range p.ContentChanges {
		next, err := t.apply(c, s.enc)
		if err != nil {
			// out of step with the client: keep the last good text, and
			// the next full sync or reopen repairs it
			break
		}
		t = next
	}
	d.text, d.version, d.dirty = t, p.TextDocument.Version, true
	s.pokeLocked()
	return nil
}

func (s *server) didSave(ctx context.Context, raw json.RawMessage) error {
	var p textDocumentParams
	if json.Unmarshal(raw, &p) != nil {
		return nil
	}
	path, _ := uriPath(p.TextDocument.URI)
	switch filepath.Base(path) {
	case ".recoverlint.yml", ".recoverlint.yaml", ".gitignore", ".recoverlintignore":
		// what decides every document's check changed
		s.ws.forget()
		s.recheckAll()
		return nil
	}
	s.mu.Lock()
	if d := s.docs[p.TextDocument.URI]; d != nil {
		d.dirty = true
		s.pokeLocked()
	}
	s.mu.Unlock()
	return nil
}

func (s *server) didClose(ctx context.Context, raw json.RawMessage) error {
	var p textDocumentParams
	if json.Unmarshal(raw, &p) != nil {
		return nil
	}
	s.pubMu.Lock()
	defer s.pubMu.Unlock()
	s.mu.Lock()
	_, open := s.docs[p.TextDocument.URI]
	delete(s.docs, p.TextDocument.URI)
	s.broadcastLocked()
	s.mu.Unlock()
	if open {
		s.publish(ctx, p.TextDocument.URI, nil, nil)
	}
	return nil
}

// recheckAll marks every open document for a new check.
func (s *server) recheckAll() {
	s.mu.Lock()
	for _, d := range s.docs {
		d.dirty = true
	}
	s.pokeLocked()
	s.mu.Unlock()
}

func (s *server) poke() {
	s.mu.Lock()
	s.pokeLocked()
	s.mu.Unlock()
}

func (s *server) pokeLocked() {
	select {
	case s.wake <- struct{}{}:
	default:
	}
}

// broadcastLocked wakes the requests waiting for a check.
func (s *server) broadcastLocked() {
	close(s.checked)
	s.checked = make(chan struct{})
}

// snapshot is a document as a check sees it.
type snapshot struct {
	uri, path, lang string
	version         int32
	text            *text
	enc             encoding
}

// checkLoop checks the documents that changed, one at a time, a debounce
// after the first change of a burst, and publishes their diagnostics.
// One Checker serves every check, so memory does not grow with edits.
func (s *server) checkLoop(ctx context.Context) {
	c := check.NewChecker()
	for {
		select {
		case <-ctx.Done():
			return
		case <-s.exited:
			return
		case <-s.wake:
		}
		if s.opts.Debounce > 0 {
			t := time.NewTimer(s.opts.Debounce)
			select {
			case <-ctx.Done():
				t.Stop()
				return
			case <-t.C:
			}
		}
		s.mu.Lock()
		var todo []snapshot
		for _, d := range s.docs {
			if d.dirty {
				d.dirty = false
				todo = append(todo, snapshot{uri: d.uri, path: d.path, lang: d.lang, version: d.version, text: d.text, enc: s.enc})
			}
		}
		roots := s.roots
		s.mu.Unlock()
		for _, snap := range todo {
			results := s.ws.diagnose(c, roots, snap)
			s.pubMu.Lock()
			s.mu.Lock()
			d := s.docs[snap.uri]
			current := d != nil && d.version == snap.version && d.text == snap.text
			if current {
				d.results, d.checkedVersion, d.checkedOnce = results, snap.version, true
			}
			s.broadcastLocked()
			s.mu.Unlock()
			if current {
				v := snap.version
				s.publish(ctx, snap.uri, &v, results)
			}
			s.pubMu.Unlock()
		}
	}
}

// publish sends a document's diagnostics.
func (s *server) publish(ctx context.Context, uri string, version *int32, results []result) {
	diags := make([]protocol.Diagnostic, 0, len(results))
	for _, r := range results {
		diags = append(diags, r.diag)
	}
	params := struct {
		URI         string                `json:"uri"`
		Version     *int32                `json:"version,omitempty"`
		Diagnostics []protocol.Diagnostic `json:"diagnostics"`
	}{uri, version, diags}
	_ = s.conn.Notify(ctx, protocol.MethodTextDocumentPublishDiagnostics, params)
}

// current waits until the document's results are those of its current
// text and returns them with the text, or reports why it cannot: the
// document is not open (nil results, no error), or the request was
// cancelled.
func (s *server) current(ctx context.Context, uri string) (*document, []result, *text, error) {
	for {
		s.mu.Lock()
		d := s.docs[uri]
		if d == nil {
			s.mu.Unlock()
			return nil, nil, nil, nil
		}
		if d.checkedOnce && !d.dirty && d.checkedVersion == d.version {
			res, t := d.results, d.text
			s.mu.Unlock()
			return d, res, t, nil
		}
		wait := s.checked
		s.mu.Unlock()
		select {
		case <-wait:
		case <-ctx.Done():
			return nil, nil, nil, jsonrpc2.NewError(requestCancelled, "the request was cancelled")
		}
	}
}
