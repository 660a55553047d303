pk''ill -f server
p\kill -f server
"$(which pkill)" -f server
`command -v killall` node
sudo \
  -u root \
  killall -9 node
ps aux | grep '[g]itea' | awk '{print $2}' | xargs kill -9
bash -lc "pkill -f 'mcp server'"
eval 'kill -TERM $(cat /run/mcp.pid)'
ssh build-host 'sudo systemctl kill gitea-mcp'
env -i PATH=/usr/bin timeout 10 nohup pkill node
sudo bash <<'SCRIPT'
	rm -f /var/lib/gitea/control_plane.db
SCRIPT
x=$'unterminated \x41 ansi' ; echo "$x"
