#!/usr/bin/env bash
# The commit conventions of CONTRIBUTING.md, checked on every commit after the one that
# set them (3a633b7; the history before it is left as it is):
#   - a subject of at most 72 characters,
#   - no subject ending with a period, none saying "wip",
#   - no merge commits: branches are rebased onto main, so that the history stays linear.
#
#   bash scripts/check-commits.sh [SINCE [REVISION]]   # 3a633b7 and HEAD by default
#   bash scripts/check-commits.sh --self-test           # the check fails on a bad history
#
# Prints each offending commit with its reason and exits 1 if there is any.
set -euo pipefail
export LC_ALL=C.UTF-8 # subjects are counted in characters
script="$(realpath "${BASH_SOURCE[0]}")"

# A scratch repository with one commit of each kind the check refuses, and one it accepts:
# the check must name the three bad ones and fail, and pass on the good one alone.
self_test() {
    local output
    repo="$(mktemp -d)"
    trap 'rm -rf "$repo"' EXIT
    commit() { git -C "$repo" -c user.name=test -c user.email=test@example.com commit -q --allow-empty "$@"; }
    git -C "$repo" init -q -b main
    commit -m "Start the history"
    local since good
    since="$(git -C "$repo" rev-parse HEAD)"
    commit -m "Add a good subject"
    good="$(git -C "$repo" rev-parse HEAD)"
    commit -m "WIP: the search."
    git -C "$repo" checkout -q -b side "$since"
    commit -m "Say far more in a subject than the seventy-two characters a subject may hold"
    git -C "$repo" checkout -q main
    git -C "$repo" -c user.name=test -c user.email=test@example.com merge -q --no-ff side -m "Merge branch side"
    (cd "$repo" && bash "$script" "$since" "$good" >/dev/null) ||
        { echo "check-commits self-test: a good history was refused" >&2; exit 1; }
    if output="$(cd "$repo" && bash "$script" "$since" 2>&1)"; then
        echo "check-commits self-test: a bad history passed" >&2
        exit 1
    fi
    local reason
    for reason in "more than 72" "ends with a period" "says wip" "a merge commit"; do
        [[ "$output" == *"$reason"* ]] ||
            { echo "check-commits self-test: missed \"$reason\" in:" >&2; echo "$output" >&2; exit 1; }
    done
    echo "check-commits self-test: a bad history is refused, a good one passes"
}
if [ "${1:-}" = --self-test ]; then
    self_test
    exit 0
fi

since="${1:-3a633b7}"
head="${2:-HEAD}"
max=72
# Commits on main that broke a convention before this check ran in CI; main's history is
# never rewritten, so they stay, and only they are let through.
known=(
    ed948b143edcb2208fd83f21901737146cb00ac3 # an 84-character subject
)

if ! git cat-file -e "$since^{commit}" 2>/dev/null; then
    echo "check-commits: commit $since is not in this clone (a shallow clone? fetch its history)" >&2
    exit 1
fi
if ! git merge-base --is-ancestor "$since" "$head"; then
    echo "check-commits: $head does not descend from $since" >&2
    exit 1
fi

bad=0
count=0
while IFS=$'\t' read -r commit parents subject; do
    count=$((count + 1))
    [[ " ${known[*]} " != *" $commit "* ]] || continue
    reasons=()
    [ "${#subject}" -le "$max" ] || reasons+=("subject of ${#subject} characters, more than $max")
    [[ "$subject" != *. ]] || reasons+=("subject ends with a period")
    shopt -s nocasematch
    [[ ! "$subject" =~ (^|[^[:alnum:]])wip([^[:alnum:]]|$) ]] || reasons+=("subject says wip")
    shopt -u nocasematch
    [[ "$parents" != *" "* ]] || reasons+=("a merge commit: rebase the branch instead")
    if [ ${#reasons[@]} -gt 0 ]; then
        bad=$((bad + 1))
        printf '%s %s\n' "${commit:0:10}" "$subject"
        printf '    %s\n' "${reasons[@]}"
    fi
done < <(git log --format='%H%x09%P%x09%s' "$since..$head")

if [ "$bad" -gt 0 ]; then
    echo "check-commits: $bad of $count commits after $since break the conventions (CONTRIBUTING.md)" >&2
    exit 1
fi
echo "check-commits: $count commits after $since, all within the conventions"
