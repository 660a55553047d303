package config

// SchemaURL is where the JSON Schema of the configuration is published;
// editors with the YAML language server read it from the template's
// first line.
const SchemaURL = "https://raw.githubusercontent.com/recoverlint/recoverlint/main/docs/recoverlint.schema.json"

// Template is the commented configuration `recoverlint init` writes: every
// setting, each left at its default or commented out, so that the file
// changes nothing until it is edited.
const Template = `# yaml-language-server: $schema=` + SchemaURL + `
#
# recoverlint's configuration. Every setting below is at its default or
# commented out; docs/ci.md is the reference.
version: 1

rules:
  # enable: [process-kill, mtime-reload]   # report only these
  disable: []                             # never report these
  severity: {}                            # rule id: error (default), warning or note
  #   config-edit: warning

# Paths not checked at all, relative to this file (gitignore patterns).
# exclude:
#   - vendor/
#   - docs/archive/**

# Rules left out on some paths: quoted incidents, say.
# exclude-rules:
#   - paths: [docs/incidents/]
#     rules: [process-kill]

# Kinds of file scanned (all by default): markdown, text, go, shell,
# python, javascript, data.
# kinds: [markdown, text]

# Files over this size are reported, not read.
max-file-size: 16MiB

# Your own forbidden actions, judged like the built-in rules.
# custom-rules:
#   - id: force-push
#     summary: force-pushing a shared branch
#     words: ["git push --force", "force push"]
#     needs: recovery                    # any (default), recovery or fallback
`
