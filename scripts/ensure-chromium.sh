#!/usr/bin/env bash
# Makes sure Debian's Chromium is installed at /usr/bin/chromium for the browser tests (e2e/).
# The tests drive it with playwright-core; no browser is downloaded from anywhere else.
set -euo pipefail

CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"

if [ -x "$CHROMIUM" ]; then
  echo "ensure-chromium: found $("$CHROMIUM" --version 2>/dev/null || echo "$CHROMIUM")"
  exit 0
fi

echo "ensure-chromium: $CHROMIUM is missing; installing Debian's chromium package (apt-get update && apt-get install -y chromium)"
if ! command -v apt-get >/dev/null 2>&1; then
  echo "ensure-chromium: apt-get is not available; install Chromium yourself and set CHROMIUM_PATH" >&2
  exit 1
fi
SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then
    SUDO="sudo"
  else
    echo "ensure-chromium: not root and no sudo; run 'apt-get install -y chromium' as root, or set CHROMIUM_PATH" >&2
    exit 1
  fi
fi
export DEBIAN_FRONTEND=noninteractive
if ! $SUDO apt-get update; then
  echo "ensure-chromium: 'apt-get update' failed; cannot install Chromium for the browser tests" >&2
  exit 1
fi
if ! $SUDO apt-get install -y --no-install-recommends chromium; then
  echo "ensure-chromium: 'apt-get install -y chromium' failed; cannot run the browser tests" >&2
  exit 1
fi
if [ ! -x "$CHROMIUM" ]; then
  echo "ensure-chromium: chromium was installed but $CHROMIUM is still missing" >&2
  exit 1
fi
echo "ensure-chromium: installed $("$CHROMIUM" --version 2>/dev/null || echo "$CHROMIUM")"
