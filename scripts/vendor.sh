#!/usr/bin/env bash
# Vendor a front-end package from the npm registry: scripts/vendor.sh <package> <version>
# Copies the files the pages use into service/web/static/vendor/<package>-<version>/ and prints
# their sha256 (see service/web/static/vendor/VENDORED.md).
set -euo pipefail
pkg="$1"; version="$2"
root="$(cd "$(dirname "$0")/.." && pwd)"
dest="$root/service/web/static/vendor/${pkg}-${version}"
# axe-core is for the browser tests only (injected by Playwright, never served by the pages)
[ "$pkg" = axe-core ] && dest="$root/tests/web/vendor/${pkg}-${version}"
work="$(mktemp -d)"; trap 'rm -rf "$work"' EXIT
(cd "$work" && npm pack --silent "${pkg}@${version}" >/dev/null && tar xzf ./*.tgz)
# the board icons: only the symbols the boards use, as one sprite (scripts/icons.py), with the
# package's licence statement (package.json, info.json) beside the LICENSE note
if [ "$pkg" = @iconify-json/game-icons ]; then
  dest="$root/service/web/static/vendor/game-icons-${version}"; mkdir -p "$dest"
  cp "$work/package/package.json" "$work/package/info.json" "$dest/"
  python3 "$root/scripts/icons.py" "$work/package/icons.json"
  sha256sum "$root/service/web/static/icons.svg"; exit 0
fi
mkdir -p "$dest"
case "$pkg" in
  htmx.org) files="dist/htmx.min.js LICENSE" ;;
  swagger-ui-dist) files="swagger-ui-bundle.js swagger-ui-standalone-preset.js swagger-ui.css LICENSE NOTICE favicon-16x16.png favicon-32x32.png" ;;
  redoc) files="bundles/redoc.standalone.js LICENSE" ;;
  axe-core) files="axe.min.js LICENSE" ;;
  *) echo "unknown package $pkg: add its files to scripts/vendor.sh" >&2; exit 2 ;;
esac
for f in $files; do cp "$work/package/$f" "$dest/"; done
(cd "$dest" && sha256sum ./*.js ./*.css 2>/dev/null || true)
