#!/bin/sh
# The system Chromium for the browser tests and the benchmarks (playwright.config.ts), with every
# --disable-features it is given merged into one. Chromium keeps only the last of a repeated switch,
# and Playwright passes its own list of features to disable (HTTPS upgrades, paint holding…):
# a second list from the project's launch options would silently drop it.
features=''
for arg do
  shift
  case $arg in
    --disable-features=*) features="${features:+$features,}${arg#--disable-features=}" ;;
    *) set -- "$@" "$arg" ;;
  esac
done
exec "${CHROMIUM_PATH:-/usr/bin/chromium}" "$@" ${features:+"--disable-features=$features"}
