# An auditor's walk-through: a key pair, a signed calculation, its
# verification, and two refusals. Run from a clean directory with reckon on
# PATH and the lakh request in lakh.json.
reckon keygen -out desk                   # desk.key (mode 0600) and desk.pub
reckon calc -key desk.key < lakh.json > response.json
reckon verify -pub desk.pub < response.json
echo "exit $?"

# Someone edits the result a reader sees: refused.
sed 's/"value":"8367277000"/"value":"83672.77"/' response.json | reckon verify -pub desk.pub
echo "exit $?"

# Someone alters one character of the signed payload: refused.
sed 's/"payload":"eyJ0/"payload":"eyJ1/' response.json | reckon verify -pub desk.pub
echo "exit $?"

# A receipt signed by a key the auditor does not trust: refused.
reckon keygen -out stranger
reckon calc -key stranger.key < lakh.json | reckon verify -pub desk.pub
echo "exit $?"
