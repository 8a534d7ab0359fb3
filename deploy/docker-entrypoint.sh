#!/bin/sh
# Starts one Parley process, named by the first argument or by PARLEY_SERVICE:
#   users | channels | messages | uploads | events   a gRPC service
#   gateway                                          the HTTP API gateway
#   migrate                                          every service's migrations, then exit
#   manage <command> [options]                       the management CLI (needs DATABASE_URL)
#   all-in-one                                       everything in one process (needs DATABASE_URL here)
# Anything else is run as given (e.g. `sh`).
set -e
if [ $# -gt 0 ]; then
  process="$1"
  shift
else
  process="${PARLEY_SERVICE:-}"
fi
case "$process" in
  users) exec node services/users/dist/main.js "$@" ;;
  channels) exec node services/channels/dist/main.js "$@" ;;
  messages) exec node services/messages/dist/main.js "$@" ;;
  uploads) exec node services/uploads/dist/main.js "$@" ;;
  events) exec node services/events/dist/main.js "$@" ;;
  gateway) exec node gateway/dist/main.js "$@" ;;
  migrate) exec node deploy/migrate.mjs "$@" ;;
  manage) exec node services/runner/dist/manage.js "$@" ;;
  all-in-one) exec node services/runner/dist/all-in-one.js "$@" ;;
  "")
    echo "usage: <users|channels|messages|uploads|events|gateway|migrate|manage|all-in-one> (or set PARLEY_SERVICE)" >&2
    exit 64
    ;;
  *) exec "$process" "$@" ;;
esac
