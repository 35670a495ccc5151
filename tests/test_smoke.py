from instructions.selectors.merging import load_merged


def test_default_workspace_exists_and_merge_starts_with_credo(default_workspace, dave):
    merged = load_merged(user=dave, workspace=default_workspace)
    assert merged["merged"].startswith("# [global]\n# The credo")
    assert [e["scope"] for e in merged["entries"]] == ["global"]
    assert merged["conflicts"] == []
