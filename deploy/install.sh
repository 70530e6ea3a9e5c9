#!/usr/bin/env bash
# The class hub on a fresh Debian or Ubuntu machine, as root, from a copy of this repository:
#
#     sudo deploy/install.sh [teacher-name]
#
# Installs Python, Node and configurable-http-proxy (npm), JupyterHub and the lessons' packages
# (PyPI) in /opt/damlib, keeps the hub's state, the lessons' originals and the class folder in
# /srv/damlib, asks for the teacher's password (or reads DAMLIB_TEACHER_PASSWORD), and starts the
# hub on port 8000 as the service damlib-hub (systemd), or in the foreground where there is no
# systemd. Run again to update the lessons and packages: learners' files are left as they are.
set -euo pipefail
[ "$(id -u)" -eq 0 ] || { echo "install.sh: run it as root (sudo)" >&2; exit 1; }
teacher="${1:-teacher}"
prefix="${DAMLIB_PREFIX:-/opt/damlib}"
state="${DAMLIB_HUB_DIR:-/srv/damlib}"
repo="$(cd "$(dirname "$0")/.." && pwd)"

export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
node=()
command -v npm >/dev/null || node=(nodejs npm)  # a Node installed otherwise (NodeSource) will do
apt-get install -y -qq --no-install-recommends python3 python3-venv fonts-dejavu-core "${node[@]}" >/dev/null
command -v configurable-http-proxy >/dev/null || npm install -g --silent configurable-http-proxy

# the code learners' kernels import: a copy readable by every account, not the admin's checkout
mkdir -p "$prefix"
rm -rf "$prefix/src.new" && cp -r "$repo" "$prefix/src.new"
rm -rf "$prefix/src.new/.git" "$prefix/src.new"/.venv* && rm -rf "$prefix/src" && mv "$prefix/src.new" "$prefix/src"
# the system's Python (apt), which every account can run, not one in an admin's home
[ -x "$prefix/venv/bin/python" ] || /usr/bin/python3 -m venv "$prefix/venv"
(cd "$prefix/src" && "$prefix/venv/bin/pip" install --quiet --upgrade pip \
  && "$prefix/venv/bin/pip" install --quiet -r requirements.txt -r deploy/requirements.txt)
chmod -R a+rX "$prefix"

# the originals learners copy from (read-only to them), and the class folder: learners may add
# their own progress file (w+x) but not list, read or replace another's (sticky, no r); files
# take the folder's group (setgid), the teachers', who read them
getent group damlib-teachers >/dev/null || groupadd damlib-teachers
mkdir -p "$state/lessons" "$state/class/progress"
chmod 755 "$state" "$state/class"
cp -r "$prefix/src/notebooks/." "$state/lessons/" && chmod -R a+rX,go-w "$state/lessons"
chown root:damlib-teachers "$state/class/progress" && chmod 3773 "$state/class/progress"

# the teacher's password, set now so nobody else can claim the teacher's name first
password="${DAMLIB_TEACHER_PASSWORD:-}"
if [ -z "$password" ]; then
  read -r -s -p "Password for the teacher, $teacher (6 characters or more): " password && echo
fi
TEACHER="$teacher" PASSWORD="$password" STATE="$state" "$prefix/venv/bin/python" - <<'EOF'
import bcrypt, dbm, os
name, password = os.environ["TEACHER"].lower(), os.environ["PASSWORD"]
if len(password) < 6:
    raise SystemExit("install.sh: the teacher's password needs 6 characters or more")
with dbm.open(os.path.join(os.environ["STATE"], "passwords.dbm"), "c", 0o600) as db:
    db[name] = bcrypt.hashpw(password.encode(), bcrypt.gensalt())
EOF

environment=("PATH=$prefix/venv/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin" "DAMLIB_TEACHER=$teacher" "DAMLIB_HUB_DIR=$state")
command=("$prefix/venv/bin/jupyterhub" -f "$prefix/src/deploy/jupyterhub_config.py")
if [ -d /run/systemd/system ]; then
  cat > /etc/systemd/system/damlib-hub.service <<EOF
[Unit]
Description=damlib class hub (JupyterHub)
After=network.target

[Service]
User=root
WorkingDirectory=$state
Environment=${environment[*]}
# the hub's databases and the learners' files: readable by their owner only
UMask=0077
ExecStart=${command[*]}
Restart=always

[Install]
WantedBy=multi-user.target
EOF
  systemctl daemon-reload && systemctl enable --quiet damlib-hub && systemctl restart damlib-hub
  echo "The class hub is running: http://$(hostname -I | cut -d' ' -f1):8000 (log in as $teacher)."
  echo "Its log: journalctl -u damlib-hub; stop it: systemctl stop damlib-hub."
else
  echo "No systemd here: the hub runs in the foreground (Ctrl-C stops it) on port ${DAMLIB_HUB_PORT:-8000}."
  cd "$state" && umask 0077 && exec env "${environment[@]}" "${command[@]}"
fi
