package lsp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/url"
	"path/filepath"
	"sync"
	"time"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
)

// Options configure a server.
type Options struct {
	// ConfigFile, when set, is the configuration every document is
	// checked with, as check's --config; NoConfig reads none.
	ConfigFile string
	NoConfig   bool
	// Debounce is how long after a change the document is checked;
	// changes within it are checked together. 0 means DefaultDebounce;
	// a negative value checks at once.
	Debounce time.Duration
	// MaxMessage bounds one message (DefaultMaxMessage when 0).
	MaxMessage int64
	// Version is reported as the server's version.
	Version string
}

// DefaultDebounce is short enough that diagnostics follow typing at once,
// long enough that a burst of keystrokes is one check.
const DefaultDebounce = 15 * time.Millisecond

// requestCancelled is LSP's RequestCancelled error code.
const requestCancelled jsonrpc2.Code = -32800

// Serve runs a server over in and out until the client sends exit or in
// ends. It returns nil after shutdown then exit, and an error otherwise,
// as LSP asks (exit code 1 without shutdown).
func Serve(ctx context.Context, in io.Reader, out io.Writer, opts Options) error {
	if opts.Debounce == 0 {
		opts.Debounce = DefaultDebounce
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	s := newServer(opts)
	stream := NewStream(in, out, nil, opts.MaxMessage)
	s.conn = jsonrpc2.NewConn(stream)
	handler, canceller := jsonrpc2.CancelHandler(s.handle)
	s.cancel = canceller
	s.conn.Go(ctx, handler)
	go s.checkLoop(ctx)
	select {
	case <-s.exited:
	case <-s.conn.Done():
		if err := s.conn.Err(); err != nil && !errors.Is(err, io.EOF) && !errors.Is(err, io.ErrUnexpectedEOF) {
			return fmt.Errorf("lsp: %w", err)
		}
	case <-ctx.Done():
		return ctx.Err()
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.shutdown {
		return errors.New("lsp: the client ended the session without shutdown")
	}
	return nil
}

// server is one session's state.
type server struct {
	opts   Options
	conn   jsonrpc2.Conn
	cancel func(jsonrpc2.ID)
	exited chan struct{}
	wake   chan struct{} // a document waits to be checked
	pubMu  sync.Mutex    // publishing, so that a closed document's last word is its close

	mu          sync.Mutex
	initialized bool
	shutdown    bool
	enc         encoding
	roots       []string // workspace folders, absolute
	watch       bool     // the client can watch files for the server
	docs        map[string]*document
	checked     chan struct{} // closed and replaced after every check
	ws          *workspace
}

// document is an open document.
type document struct {
	uri     string
	path    string // "" for a document that is not a file
	lang    string
	version int32
	text    *text
	dirty   bool // changed since its last check began
	// the last check: the version it saw and what it found
	checkedVersion int32
	checkedOnce    bool
	results        []result
}

func newServer(opts Options) *server {
	return &server{
		opts:    opts,
		exited:  make(chan struct{}),
		wake:    make(chan struct{}, 1),
		docs:    map[string]*document{},
		checked: make(chan struct{}),
		ws:      newWorkspace(opts.ConfigFile, opts.NoConfig),
	}
}

// handle answers one message. It runs on the connection's read loop, so
// it does no checking itself: requests that wait for a check run on
// their own goroutine.
func (s *server) handle(ctx context.Context, reply jsonrpc2.Replier, req jsonrpc2.Request) error {
	_, isCall := req.(*jsonrpc2.Call)
	method := req.Method()
	s.mu.Lock()
	initialized, shutdown := s.initialized, s.shutdown
	s.mu.Unlock()
	switch {
	case method == "exit":
		select {
		case <-s.exited:
		default:
			close(s.exited)
		}
		return nil
	case method == protocol.MethodCancelRequest:
		var p struct {
			ID json.RawMessage `json:"id"`
		}
		if json.Unmarshal(req.Params(), &p) == nil {
			var n int32
			var str string
			switch {
			case json.Unmarshal(p.ID, &n) == nil:
				s.cancel(jsonrpc2.NewNumberID(n))
			case json.Unmarshal(p.ID, &str) == nil:
				s.cancel(jsonrpc2.NewStringID(str))
			}
		}
		return nil
	case method == protocol.MethodInitialize:
		if initialized {
			return reply(ctx, nil, jsonrpc2.NewError(jsonrpc2.InvalidRequest, "initialize was already received"))
		}
		return s.initialize(ctx, reply, req.Params())
	case !initialized:
		if isCall {
			return reply(ctx, nil, jsonrpc2.NewError(jsonrpc2.ServerNotInitialized, "the server is not initialized yet"))
		}
		return nil
	case shutdown && isCall:
		return reply(ctx, nil, jsonrpc2.NewError(jsonrpc2.InvalidRequest, "the server is shut down; only exit is accepted"))
	}
	switch method {
	case protocol.MethodShutdown:
		s.mu.Lock()
		s.shutdown = true
		s.mu.Unlock()
		return reply(ctx, nil, nil)
	case protocol.MethodInitialized:
		s.registerWatchers(ctx)
		return nil
	case protocol.MethodTextDocumentDidOpen:
		return s.didOpen(ctx, req.Params())
	case protocol.MethodTextDocumentDidChange:
		return s.didChange(ctx, req.Params())
	case protocol.MethodTextDocumentDidSave:
		return s.didSave(ctx, req.Params())
	case protocol.MethodTextDocumentDidClose:
		return s.didClose(ctx, req.Params())
	case protocol.MethodWorkspaceDidChangeWatchedFiles, protocol.MethodWorkspaceDidChangeConfiguration:
		s.ws.forget()
		s.recheckAll()
		return nil
	case protocol.MethodTextDocumentHover:
		go s.hover(ctx, reply, req.Params())
		return nil
	case protocol.MethodTextDocumentCodeAction:
		go s.codeAction(ctx, reply, req.Params())
		return nil
	}
	if isCall {
		return reply(ctx, nil, jsonrpc2.NewError(jsonrpc2.MethodNotFound, "method not handled by recoverlint"))
	}
	return nil // notifications the server has no use for ($/setTrace, …)
}

// initializeParams holds what the server reads of initialize.
type initializeParams struct {
	RootURI          string `json:"rootUri"`
	RootPath         string `json:"rootPath"`
	WorkspaceFolders []struct {
		URI string `json:"uri"`
	} `json:"workspaceFolders"`
	Capabilities struct {
		General struct {
			PositionEncodings []string `json:"positionEncodings"`
		} `json:"general"`
		OffsetEncoding []string `json:"offsetEncoding"` // clangd's extension, before 3.17
		Workspace      struct {
			DidChangeWatchedFiles struct {
				DynamicRegistration bool `json:"dynamicRegistration"`
			} `json:"didChangeWatchedFiles"`
		} `json:"workspace"`
	} `json:"capabilities"`
}

func (s *server) initialize(ctx context.Context, reply jsonrpc2.Replier, raw json.RawMessage) error {
	var p initializeParams
	if err := json.Unmarshal(raw, &p); err != nil {
		return reply(ctx, nil, jsonrpc2.NewError(jsonrpc2.InvalidParams, "initialize: the parameters have the wrong shape"))
	}
	enc := utf16Units
	for _, e := range append(p.Capabilities.General.PositionEncodings, p.Capabilities.OffsetEncoding...) {
		if e == "utf-8" {
			enc = utf8Bytes
		}
	}
	var roots []string
	for _, f := range p.WorkspaceFolders {
		if dir, ok := uriPath(f.URI); ok {
			roots = append(roots, dir)
		}
	}
	if len(roots) == 0 {
		if dir, ok := uriPath(p.RootURI); ok {
			roots = append(roots, dir)
		} else if p.RootPath != "" && filepath.IsAbs(p.RootPath) {
			roots = append(roots, filepath.Clean(p.RootPath))
		}
	}
	s.mu.Lock()
	s.initialized, s.enc, s.roots = true, enc, roots
	s.watch = p.Capabilities.Workspace.DidChangeWatchedFiles.DynamicRegistration
	s.mu.Unlock()
	type syncOptions struct {
		OpenClose bool                          `json:"openClose"`
		Change    protocol.TextDocumentSyncKind `json:"change"`
		Save      protocol.SaveOptions          `json:"save"`
	}
	result := struct {
		Capabilities struct {
			PositionEncoding   string                     `json:"positionEncoding"`
			TextDocumentSync   syncOptions                `json:"textDocumentSync"`
			HoverProvider      bool                       `json:"hoverProvider"`
			CodeActionProvider protocol.CodeActionOptions `json:"codeActionProvider"`
		} `json:"capabilities"`
		OffsetEncoding string              `json:"offsetEncoding,omitempty"`
		ServerInfo     protocol.ServerInfo `json:"serverInfo"`
	}{}
	result.Capabilities.PositionEncoding = enc.String()
	result.Capabilities.TextDocumentSync = syncOptions{OpenClose: true, Change: protocol.TextDocumentSyncKindIncremental}
	result.Capabilities.HoverProvider = true
	result.Capabilities.CodeActionProvider = protocol.CodeActionOptions{CodeActionKinds: []protocol.CodeActionKind{protocol.QuickFix}}
	if len(p.Capabilities.OffsetEncoding) > 0 {
		result.OffsetEncoding = enc.String()
	}
	result.ServerInfo = protocol.ServerInfo{Name: "recoverlint", Version: s.opts.Version}
	return reply(ctx, result, nil)
}

// registerWatchers asks a client that can to report changes of the files
// that decide what is checked: configurations, ignore files, git's index.
func (s *server) registerWatchers(ctx context.Context) {
	s.mu.Lock()
	watch := s.watch
	s.mu.Unlock()
	if !watch {
		return
	}
	params := map[string]any{"registrations": []map[string]any{{
		"id":     "recoverlint-watch",
		"method": protocol.MethodWorkspaceDidChangeWatchedFiles,
		"registerOptions": map[string]any{"watchers": []map[string]any{
			{"globPattern": "**/.recoverlint.yml"}, {"globPattern": "**/.recoverlint.yaml"},
			{"globPattern": "**/.gitignore"}, {"globPattern": "**/.recoverlintignore"},
			{"globPattern": "**/.git/index"}, {"globPattern": "**/.git/info/exclude"},
		}},
	}}}
	go func() {
		// the answer does not matter: without watchers, saves in the
		// editor and each new check still read the files again
		_, _ = s.conn.Call(ctx, protocol.MethodClientRegisterCapability, params, nil)
	}()
}

// uriPath is the absolute path of a file URI.
func uriPath(raw string) (string, bool) {
	u, err := url.Parse(raw)
	if err != nil || u.Scheme != "file" || u.Path == "" {
		return "", false
	}
	p := u.Path
	if len(p) >= 3 && p[0] == '/' && p[2] == ':' {
		p = p[1:] // file:///C:/x on Windows
	}
	p = filepath.FromSlash(p)
	if !filepath.IsAbs(p) {
		return "", false
	}
	return filepath.Clean(p), true
}
