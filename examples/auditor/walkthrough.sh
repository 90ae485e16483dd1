# An auditor's walk-through: a key pair, a signed calculation, its
# verification, and the refusals. Run from a copy of examples/auditor with
# reckon on PATH: it holds the lakh request (lakh.json), a request whose
# inputs name their document, 10-K (costco.json), and that document (10-K.md).
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

# A calculation grounded in its document, checked again against that document.
reckon calc -key desk.key -source 10-K=10-K.md < costco.json > grounded.json
reckon verify -pub desk.pub -source 10-K=10-K.md < grounded.json
echo "exit $?"

# The document is edited after the receipt was made: refused.
sed 's/6,708/6,780/' 10-K.md > edited.md
reckon verify -pub desk.pub -source 10-K=edited.md < grounded.json
echo "exit $?"
