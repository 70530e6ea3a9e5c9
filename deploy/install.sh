#!/usr/bin/env bash
# The class hub on a fresh Debian or Ubuntu machine, as root, from a copy of this repository:
#
#     deploy/install.sh [options] teacher-name        (as root; sudo deploy/install.sh … where sudo exists)
#
#   --class-list FILE    the names allowed to sign up (spaces or lines); kept as the hub's class list
#   --learners "a b c"   the same, given here; added to a class list kept from before
#   --port N             where learners connect (default 8000)
#   --https CERT KEY     speak HTTPS with the school's certificate and its key
#   --self-signed        speak HTTPS with a certificate made here for this machine (a closed network:
#                        each browser asks once whether to trust it)
#   --language CODE      the class's language, any damlib has a catalog for (de, eo, ru, tr; default
#                        en): damlib speaks it and its lessons open first (lessons/CODE/), and where
#                        JupyterLab has a language pack for it (de, ru, tr) its menus speak it too;
#                        each learner may still choose another in Learn (and in Settings → Language)
#   --foreground         where there is no systemd: run the hub in this terminal, not in the background
#   --new-teacher-password   ask for the teacher's password again (else a password kept is kept)
#   --no-sign-up-codes   the first to log in with a name on the class list chooses its password
#                        (by default a first login needs the name's one-time sign-up code)
#
# Installs Python, Node and configurable-http-proxy (npm), JupyterHub and the lessons' packages
# (PyPI, versions pinned by deploy/constraints.txt) in /opt/damlib, keeps the hub's state, the
# lessons' originals, the class list and the class folder in /srv/damlib, asks for the teacher's
# password (or reads DAMLIB_TEACHER_PASSWORD) unless one is kept, makes each learner's sign-up
# code (cards to print: /srv/damlib/sign-up-codes.pdf), writes the settings to /srv/damlib/hub.env and
# starts the hub: as the service damlib-hub where systemd runs, else in the background with
# deploy/hubctl (log and PID file in /srv/damlib). Nobody but the teacher and the class list may
# sign up. Run again to update the lessons and packages: learners' files are left as they are.
set -euo pipefail
[ "$(id -u)" -eq 0 ] || { echo "install.sh: run it as root" >&2; exit 1; }
prefix="${DAMLIB_PREFIX:-/opt/damlib}"
state="${DAMLIB_HUB_DIR:-/srv/damlib}"
repo="$(cd "$(dirname "$0")/.." && pwd)"
# a hub name that makes a sensible folder and Unix account (deploy/jupyterhub_config.py)
name_pattern='^[a-z][a-z0-9_-]{0,23}$'

fail() { echo "install.sh: $*" >&2; exit 1; }
teacher="" class_file="" learners="" port=8000 cert="" key="" self_signed="" foreground="" language=""
new_password="" codes=yes
while [ $# -gt 0 ]; do
  case "$1" in
    --class-list) [ -r "${2:-}" ] || fail "--class-list needs a file it can read"; class_file="$2"; shift 2 ;;
    --learners) learners="${2:-}"; shift 2 ;;
    --port) [[ "${2:-}" =~ ^[0-9]+$ ]] && [ "$2" -ge 1 ] && [ "$2" -le 65535 ] || fail "--port needs a port number"
            port="$2"; shift 2 ;;
    --https) [ -r "${2:-}" ] && [ -r "${3:-}" ] || fail "--https needs a certificate file and its key file"
             cert="$2" key="$3"; shift 3 ;;
    --self-signed) self_signed=1; shift ;;
    --language) [ "${2:-}" = en ] || [ -f "$repo/damlib/locale/${2:-none}/LC_MESSAGES/damlib.po" ] \
                  || fail "--language needs a language damlib has a catalog for (en, $(ls "$repo/damlib/locale" | grep -v '\.' | tr '\n' ' '))"
                language="$2"; shift 2 ;;
    --foreground) foreground=1; shift ;;
    --new-teacher-password) new_password=--new; shift ;;
    --no-sign-up-codes) codes=no; shift ;;
    -*) fail "unknown option $1 (see the top of this script)" ;;
    *) [ -z "$teacher" ] || fail "one teacher's name only, not also $1"; teacher="$1"; shift ;;
  esac
done
teacher="${teacher:-teacher}"
[[ "$teacher" =~ $name_pattern ]] || fail "the teacher's name '$teacher' must be lower-case letters, digits, - or _, starting with a letter (24 at most)"
[ -z "$cert" ] || [ -z "$self_signed" ] || fail "--https or --self-signed, not both"

# the class list: checked before anything is installed
mkdir -p "$state"
names="$( { [ -z "$class_file" ] || cat "$class_file"; echo "$learners"; } | tr 'A-Z' 'a-z' | tr -s ' \t\r' '\n' | sed '/^$/d')"
bad="$(printf '%s\n' "$names" | grep -Ev "$name_pattern" | grep -v '^$' || true)"
[ -z "$bad" ] || fail "these names on the class list cannot be hub names (lower-case letters, digits, - or _): $(echo $bad)"
if [ -n "$class_file" ]; then
  printf '%s\n' "$names" > "$state/class-list.txt"  # the list given replaces the one kept
elif [ -n "$names" ]; then
  printf '%s\n' "$names" >> "$state/class-list.txt"
fi
touch "$state/class-list.txt" && chmod 600 "$state/class-list.txt"  # it names every learner: root's only

export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
node=()
command -v npm >/dev/null || node=(nodejs npm)  # a Node installed otherwise (NodeSource) will do
apt-get install -y -qq --no-install-recommends python3 python3-venv fonts-dejavu-core openssl "${node[@]}" >/dev/null
command -v configurable-http-proxy >/dev/null || npm install -g --silent configurable-http-proxy

# the code learners' kernels import: a copy readable by every account, not the admin's checkout
mkdir -p "$prefix"
rm -rf "$prefix/src.new" && cp -r "$repo" "$prefix/src.new"
rm -rf "$prefix/src.new/.git" "$prefix/src.new"/.venv* && rm -rf "$prefix/src" && mv "$prefix/src.new" "$prefix/src"
# the system's Python (apt), which every account can run, not one in an admin's home; the lessons'
# packages without the test tools, and the hub's, at the versions this hub was tested with
[ -x "$prefix/venv/bin/python" ] || /usr/bin/python3 -m venv "$prefix/venv"
(cd "$prefix/src" && "$prefix/venv/bin/pip" install --quiet --upgrade pip \
  && "$prefix/venv/bin/pip" install --quiet -c deploy/constraints.txt -r requirements-lessons.txt -r deploy/requirements.txt)
# JupyterLab's menus in the class's language, where it has a language pack (deploy/lablanguage.py):
# the pack installed, and chosen for every learner in the hub's JupyterLab settings (or, for a
# language without one, the choice of an earlier install taken away)
lab_pack="$("$prefix/venv/bin/python" "$prefix/src/deploy/lablanguage.py" pack "${language:-en}")"
[ -z "$lab_pack" ] || (cd "$prefix/src" && "$prefix/venv/bin/pip" install --quiet -c deploy/constraints.txt "$lab_pack")
"$prefix/venv/bin/python" "$prefix/src/deploy/lablanguage.py" choose "$prefix/venv/share/jupyter/lab/settings" "${language:-en}"
chmod -R a+rX "$prefix"

# the originals learners copy from (read-only to them), and the class folder: learners may not
# list it nor write in it; each has a folder of their own in it, which only their account writes
# (made by the hub before their server starts: deploy/classhub.py); the teachers' group lists it,
# reads every learner's folder (setgid: files take the group) and keeps the teacher's own stars in it.
# Nothing else in $state is readable by a learner: it lists no one (mode 711).
getent group damlib-teachers >/dev/null || groupadd damlib-teachers
mkdir -p "$state/lessons" "$state/class/progress"
chmod 711 "$state" "$state/class"
cp -r "$prefix/src/notebooks/." "$state/lessons/" && chmod -R a+rX,go-w "$state/lessons"
chown root:damlib-teachers "$state/class/progress" && chmod 2771 "$state/class/progress"
for closed in hub.log hub.env jupyterhub.sqlite jupyterhub_cookie_secret passwords.dbm signup-codes.json logins.json; do
  [ ! -e "$state/$closed" ] || chmod 600 "$state/$closed"  # from an earlier install (the log was 644)
done

# HTTPS: the school's certificate, or one made here (kept across updates)
tls=()
if [ -n "$cert" ] || [ -n "$self_signed" ]; then
  mkdir -p "$state/tls" && chmod 700 "$state/tls"
  if [ -n "$cert" ]; then
    install -m 600 "$cert" "$state/tls/hub.crt" && install -m 600 "$key" "$state/tls/hub.key"
  elif [ ! -s "$state/tls/hub.crt" ]; then
    address="$(hostname -I 2>/dev/null | cut -d' ' -f1)"
    openssl req -x509 -newkey rsa:2048 -nodes -days 825 -subj "/CN=$(hostname)" \
      -addext "subjectAltName=DNS:$(hostname),IP:${address:-127.0.0.1},IP:127.0.0.1" \
      -keyout "$state/tls/hub.key" -out "$state/tls/hub.crt" 2>/dev/null
    chmod 600 "$state/tls/hub.key" "$state/tls/hub.crt"
  fi
  tls=("DAMLIB_HUB_SSL_CERT=$state/tls/hub.crt" "DAMLIB_HUB_SSL_KEY=$state/tls/hub.key")
elif [ -s "$state/tls/hub.crt" ] && grep -q DAMLIB_HUB_SSL_CERT "$state/hub.env" 2>/dev/null; then
  tls=("DAMLIB_HUB_SSL_CERT=$state/tls/hub.crt" "DAMLIB_HUB_SSL_KEY=$state/tls/hub.key")  # as before
fi

# the hub's settings, read by the service or by hubctl
{
  echo "PATH=$prefix/venv/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"
  echo "DAMLIB_TEACHER=$teacher"
  echo "DAMLIB_HUB_DIR=$state"
  echo "DAMLIB_HUB_PORT=$port"
  echo "DAMLIB_CLASS_LIST=$state/class-list.txt"
  [ -z "$language" ] || echo "DAMLIB_LANG=$language"
  echo "DAMLIB_SIGN_UP_CODES=$codes"
  [ "${#tls[@]}" -eq 0 ] || printf '%s\n' "${tls[@]}"
} > "$state/hub.env.new"
chmod 600 "$state/hub.env.new" && mv "$state/hub.env.new" "$state/hub.env"

# the teacher's password, set now so nobody else can claim the teacher's name first; a re-run keeps it
# (unless --new-teacher-password)
"$prefix/src/deploy/hubctl" password "$teacher" $new_password
scheme="http"
[ "${#tls[@]}" -eq 0 ] || scheme="https"
address="$scheme://$(hostname -I 2>/dev/null | cut -d' ' -f1):$port"

# the sign-up codes the hub made for the learners not signed up yet, as cards to cut out
cards() {
  [ "$codes" = yes ] || return 0
  (cd "$prefix/src/deploy" && umask 0077 && "$prefix/venv/bin/python" -c '
import json, sys, signup
from pathlib import Path
codes = signup.Codes(Path(sys.argv[1]) / "signup-codes.json").all()
(Path(sys.argv[1]) / "sign-up-codes.pdf").write_bytes(signup.cards(codes, sys.argv[2]))
print(f"{len(codes)} sign-up codes: cards to print in {sys.argv[1]}/sign-up-codes.pdf, or see {sys.argv[2]}/hub/sign-up-codes as the teacher.")
' "$state" "$address")
}

if [ -d /run/systemd/system ]; then
  cat > /etc/systemd/system/damlib-hub.service <<EOF
[Unit]
Description=damlib class hub (JupyterHub)
After=network.target

[Service]
User=root
WorkingDirectory=$state
# a restart (or an update) stops the hub alone: learners' servers and kernels go on, and the hub
# finds them again; the hub may make a cgroup per learner under its own (deploy/limits.py)
KillMode=process
Delegate=yes
EnvironmentFile=$state/hub.env
# the hub's databases and the learners' files: readable by their owner only
UMask=0077
ExecStart=$prefix/venv/bin/jupyterhub -f $prefix/src/deploy/jupyterhub_config.py
Restart=always

[Install]
WantedBy=multi-user.target
EOF
  systemctl daemon-reload && systemctl enable --quiet damlib-hub && systemctl restart damlib-hub
  "$prefix/src/deploy/hubctl" wait || fail "the hub does not answer: journalctl -u damlib-hub"
  cards
  echo "The class hub is running: $address (log in as $teacher)."
  echo "Its log: journalctl -u damlib-hub; stop it: systemctl stop damlib-hub."
elif [ -n "$foreground" ]; then
  echo "The class hub runs in this terminal (Ctrl-C stops it): $address (log in as $teacher)."
  exec "$prefix/src/deploy/hubctl" run
else
  "$prefix/src/deploy/hubctl" restart
  cards
  echo "The class hub is running in the background: $address (log in as $teacher)."
  echo "$prefix/src/deploy/hubctl status | stop | start | restart | log"
fi
