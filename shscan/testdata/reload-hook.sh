#!/usr/bin/env bash
# post-merge hook: the dev daemon watches its stamp file.
set -e
touch scripts/reload.stamp
touch "$RELOAD_TRIGGER"
touch "$CONF_DIR"
touch build/new-output.txt
