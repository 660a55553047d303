#!/usr/bin/env bash
# release.sh [VERSION]: build the release binaries of recoverlint and
# recoverlint-vet for linux, darwin and windows on amd64 and arm64 into
# dist/, each stamped with VERSION (-ldflags -X main.releaseVersion), and
# write dist/SHA256SUMS. Without VERSION it is a snapshot:
# 0.0.0-snapshot+<revision>. RELEASE_TARGETS ("linux/amd64 windows/arm64")
# limits the targets: .ci/run builds two of them, to keep the script
# honest within its time budget.
set -euo pipefail
cd "$(dirname "$0")/.."
rev=$(git rev-parse --short=12 HEAD 2>/dev/null || echo unknown)
version=${1:-0.0.0-snapshot+$rev}
case $version in
v[0-9]* | 0.0.0-snapshot+*) ;;
*) echo "release.sh: version $version: want vX.Y.Z" >&2; exit 2 ;;
esac
if [ "${version#0.0.0-snapshot+}" = "$version" ] && [ "${RELEASE_FUZZED:-}" != 10m ]; then
	echo "release.sh: run every fuzz target for 10 minutes first (scripts/fuzz.sh -p 2 10m), then set RELEASE_FUZZED=10m" >&2
	exit 2
fi
rm -rf dist && mkdir -p dist
targets=${RELEASE_TARGETS:-linux/amd64 linux/arm64 darwin/amd64 darwin/arm64 windows/amd64 windows/arm64}
for target in $targets; do
	os=${target%/*} arch=${target#*/}
	{
		ext=""
		[ "$os" = windows ] && ext=.exe
		for cmd in recoverlint recoverlint-vet; do
			out="dist/${cmd}_${version#v}_${os}_${arch}${ext}"
			CGO_ENABLED=0 GOOS=$os GOARCH=$arch go build -trimpath \
				-ldflags "-s -w -X main.releaseVersion=$version" -o "$out" "./cmd/$cmd"
		done
	}
done
(cd dist && sha256sum -- * > SHA256SUMS)
echo "release.sh: $(ls dist | grep -vc SHA256SUMS) binaries of $version in dist/"
