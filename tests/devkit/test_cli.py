"""The command-line layer the devkit tools share (asc.cli)."""

from absl import flags

from asc import __version__
from asc import cli


def make_tool(seen):
    def main(args, command, fv):
        seen.append((args, command, fv["json"].value))
        if args and args[0] == "boom":
            raise cli.ToolError("Failed to load profile data: x.prof (No such file or directory)",
                                "run the program with ASC_PROFILE=1 first")
        return 0

    tool = cli.Tool("asc-demo", "usage: asc-demo [flags] FILE [-- command]", main=main)
    flags.DEFINE_boolean("json", False, "Write JSON.", flag_values=tool.flags)
    return tool


def test_version_line(capsys):
    assert make_tool([]).run(["--version"]) == 0
    out = capsys.readouterr().out.strip()
    assert out.startswith(f"asc-demo {__version__} (asc {__version__}, platform data ")
    assert out.endswith(")")


def test_help_and_no_arguments_print_usage(capsys):
    tool = make_tool([])
    assert tool.run(["--help"]) == 0
    out = capsys.readouterr().out
    assert "usage: asc-demo" in out and "--json" in out and "--version" in out
    assert tool.run([]) == 2
    assert "usage: asc-demo" in capsys.readouterr().out


def test_arguments_and_command_after_double_dash():
    seen = []
    tool = make_tool(seen)
    assert tool.run(["--json", "a.prof", "--", "python", "t.py", "--json"]) == 0
    assert seen[-1] == (["a.prof"], ["python", "t.py", "--json"], True)
    # Flags do not leak from one run into the next.
    assert tool.run(["b.prof"]) == 0
    assert seen[-1] == (["b.prof"], [], False)


def test_unknown_flag_is_one_error_line(capsys):
    assert make_tool([]).run(["--bogus"]) == 1
    err = capsys.readouterr().err.splitlines()
    assert err[0] == "[ERROR] Unknown command line flag 'bogus'"
    assert err[1].startswith("[INFO] run `asc-demo --help`")


def test_tool_error_prints_error_and_hint(capsys):
    assert make_tool([]).run(["boom"]) == 1
    err = capsys.readouterr().err.splitlines()
    assert err == ["[ERROR] Failed to load profile data: x.prof (No such file or directory)",
                   "[INFO] run the program with ASC_PROFILE=1 first"]
