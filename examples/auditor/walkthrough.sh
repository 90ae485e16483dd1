# An auditor's walk-through: a key pair, a signed calculation grounded in
# its document, its verification, and four refusals. Run from a clean
# directory with reckon on PATH, the lakh request in lakh.json and the page
# of the annual report it quotes in annual-report.txt.
reckon keygen -out desk                   # desk.key (mode 0600) and desk.pub
reckon calc -key desk.key -source annual-report=annual-report.txt < lakh.json > response.json
reckon verify -pub desk.pub -source annual-report=annual-report.txt < response.json
echo "exit $?"

# Someone edits the result a reader sees: refused.
sed 's/"value":"8367277000"/"value":"83672.77"/' response.json | reckon verify -pub desk.pub
echo "exit $?"

# Someone alters one character of the signed payload: refused.
sed 's/"payload":"eyJ0/"payload":"eyJ1/' response.json | reckon verify -pub desk.pub
echo "exit $?"

# A receipt signed by a key the auditor does not trust: refused.
reckon keygen -out stranger
reckon calc -key stranger.key -source annual-report=annual-report.txt < lakh.json | reckon verify -pub desk.pub
echo "exit $?"

# The report is not the one the receipt was grounded in (one figure edited): refused.
sed 's/25,966.14/25,966.41/' annual-report.txt > edited.txt
reckon verify -pub desk.pub -source annual-report=edited.txt < response.json
echo "exit $?"
