package rules

// EnvEdit is the rule against editing environment files as a recovery step.
var EnvEdit = &Rule{
	ID:      "env-edit",
	Summary: "editing, replacing or deleting .env files as a recovery step",
	Message: "recommends editing a .env file to recover; a running server does not see the change, and a restart to pick " +
		"it up drops every session's work. Report the blocker and let the operator rotate credentials and reconnect",
	Needs: Recovery,
	Doc: Doc{
		Title: "Editing .env files to recover",
		Text: `Setting variables in .env during installation is fine. As a recovery step it is not:
the running server keeps its old environment, so the edit only takes effect through a
restart that drops the in-flight work of every session, and an agent that rewrites
credentials by hand can lock every other session out.

What to do instead: report the failure (a 401, an expired token) as a typed blocker and
let the operator rotate the credential and reconnect the server through the host.`,
		Bad:  []string{"## Troubleshooting\n\nAfter a 401, update `GITEA_TOKEN` in `.env` and restart the server."},
		Good: []string{"## Setup\n\nCopy `.env.example` to `.env` and set `GITEA_TOKEN`."},
	},
	Examples: Examples{
		Recommend: []string{
			"## Troubleshooting\n\n### 401 after token rotation\n\nUpdate `GITEA_TOKEN` in `.env` and restart the server.\n",
			"Quick fix for `invalid token`:\n\n```bash\nsed -i 's/^TOKEN=.*/TOKEN=new/' .env\n```\n",
		},
		Prohibit: []string{
			"## Troubleshooting\n\nNever edit `.env` to fix auth errors.\n",
		},
		Mention: []string{
			"## Setup\n\n1. Copy `.env.example` to `.env` and set `GITEA_TOKEN`.\n",
			"If the tool fails, report the error; the token is read from `.env` at start.\n",
		},
	},
	stems: []string{".env", "env file", "environment file", "dotenv", "env files"},
	// routes are what the prefilter looks for before the rule reads a
	// text: every hit of find has a route (TestRoutesCoverFindings).
	// fileEdit edits nothing without its verb (wEditVerb)
	routes: []routeSpec{{groups: [][]string{{".env", "env file", "environment file"}}, local: []int{wEditVerb}}},
	// captions are the verbs of a code block comment that, with no object
	// of their own, name this action of the command under them.
	captions: []string{"remove", "delete", "edit", "update", "modify"},
	find: func(seg *segment, emit func(hit)) {
		fileEdit(seg, isEnvFile, []string{"env file", "environment file", "dotenv file", "env files", ".env"}, emit)
	},
}
