package formats_test

import (
	"strings"
	"testing"

	"github.com/recoverlint/recoverlint/internal/formats"
	"github.com/recoverlint/recoverlint/internal/golden"
	"github.com/recoverlint/recoverlint/rules"
)

const bom = "\xEF\xBB\xBF"

func TestFrontMatter(t *testing.T) {
	tests := []struct {
		name string
		src  string
		text string
		body int
	}{
		{"block", "---\na: 1\n---\nrest", "a: 1", 13},
		{"dots close", "---\na: 1\n...\n", "a: 1", 13},
		{"crlf", "---\r\na: 1\r\n---\r\n", "a: 1", 16},
		{"bom", bom + "---\na\n---\n", "a", 13},
		{"empty block", "---\n---\n", "", 8},
		{"blank block", "---\n\n---\n", "", 9},
		{"closing at end of file", "---\na\n---", "a", 9},
		{"closing with blanks", "---\na\n---  \nb", "a", 12},
		{"no closing", "---\na\n", "", 0},
		{"not at start", "\n---\na\n---\n", "", 0},
		{"dashes then text", "---x\na\n---\n", "", 0},
		{"only a fence", "---", "", 0},
		{"empty", "", "", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			u, body := formats.FrontMatter([]byte(tt.src), "f.md")
			if u.Text != tt.text || body != tt.body {
				t.Fatalf("FrontMatter = %q, %d; want %q, %d", u.Text, body, tt.text, tt.body)
			}
			if end := formats.FrontMatterEnd([]byte(tt.src)); end != tt.body {
				t.Errorf("FrontMatterEnd = %d, want %d", end, tt.body)
			}
			if u.Text != "" {
				golden.CheckUnits(t, []byte(tt.src), "f.md", []rules.Unit{u})
			}
		})
	}
}

func TestInterpreter(t *testing.T) {
	tests := []struct {
		src, want string
		shell     bool
	}{
		{"#!/bin/sh\necho", "sh", true},
		{"#!/usr/bin/env bash\n", "bash", true},
		{"#! /bin/zsh -f\n", "zsh", true},
		{"#!/usr/bin/env -S bash -e\n", "bash", true},
		{"#!/usr/bin/env -u HOME python3\n", "python3", false},
		{"#!/usr/bin/env FOO=1 node\n", "node", false},
		{"#!/usr/bin/node\n", "node", false},
		{"#!/bin/busybox sh\n", "busybox", true},
		{"echo hi\n", "", false},
		{"#\n", "", false},
		{"", "", false},
	}
	for _, tt := range tests {
		got := formats.Interpreter([]byte(tt.src))
		if got != tt.want || formats.IsShell(got) != tt.shell {
			t.Errorf("Interpreter(%q) = %q (shell %v), want %q (shell %v)", tt.src, got, formats.IsShell(got), tt.want, tt.shell)
		}
	}
}

func TestMarkerLabel(t *testing.T) {
	tests := []struct {
		text  string
		label string
		only  bool
	}{
		{"❌ Wrong: x", "❌ Wrong:", false},
		{"  ❌ Wrong:", "❌ Wrong:", true},
		{"❌", "❌", true},
		{"⚠️ Careful: x", "⚠️ Careful:", false},
		{"✅ Ask the operator. Then: wait", "✅", false},
		{"🚫 `pkill`: never", "🚫", false},
		{"no marker: x", "", false},
		{"", "", false},
		{"\xff❌", "", false},
		{"❌ " + strings.Repeat("a", 50) + ": x", "❌", false},
	}
	for _, tt := range tests {
		label, only := formats.MarkerLabel(tt.text)
		if label != tt.label || only != tt.only {
			t.Errorf("MarkerLabel(%q) = %q, %t; want %q, %t", tt.text, label, only, tt.label, tt.only)
		}
	}
}

func TestEmphasisLabel(t *testing.T) {
	tests := []struct {
		inner, rest string
		label       string
		only        bool
	}{
		{"Bad:", " run x", "Bad:", false},
		{"Bad:", "", "Bad:", true},
		{"Don't", ": x", "Don't:", false},
		{"Don't", " :", "Don't:", true},
		{"Forbidden recovery paths", "", "Forbidden recovery paths", true},
		{"never", " run pkill", "", false},
		{" ", "x", "", false},
		{"two\nlines:", "", "", false},
		{strings.Repeat("a", 81) + ":", "", "", false},
	}
	for _, tt := range tests {
		label, only := formats.EmphasisLabel(tt.inner, tt.rest)
		if label != tt.label || only != tt.only {
			t.Errorf("EmphasisLabel(%q, %q) = %q, %t; want %q, %t", tt.inner, tt.rest, label, only, tt.label, tt.only)
		}
	}
}
