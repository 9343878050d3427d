"""The command-line layer shared by asc-profile, asc-debug, asc-bench and asc-config.

Built on absl-py: each tool declares its flags on its own `flags.FlagValues`
(so that the tools, and tests calling them in one process, never clash on a
flag name) and `Tool.console()` hands the parsing to `absl.app.run`.

What every tool gets from here, identically:
- `--help` (and no arguments at all, when the tool needs some) prints the usage;
- `--version` prints `<tool> <version> (asc <version>, platform data <version>)`;
- an error is one line, `[ERROR] <message>`, optionally followed by one hint
  line `[INFO] <hint>`, and exit code 1 (`asc.errors.ToolError`); a flag the tool does not
  know is such an error too;
- `Tool.run(argv)` returns the exit code instead of exiting, for tests.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from typing import Callable, Optional, Sequence

from absl import app, flags

from ._version import __version__
from .errors import ToolError  # noqa: F401  (the tools raise it through this module too)


def platform_data_version() -> str:
    """The version of the platform parameter files the timed Model reads."""
    from .runtime.platforms import targets_version

    return targets_version()


def version_line(tool: str) -> str:
    return f"{tool} {__version__} (asc {__version__}, platform data {platform_data_version()})"


def error(message: str, hint: str | None = None) -> None:
    """Prints one error line (and a hint) to stderr, in the devkit shape."""
    print(f"[ERROR] {message}", file=sys.stderr)
    if hint:
        print(f"[INFO] {hint}", file=sys.stderr)


def info(message: str) -> None:
    print(f"[INFO] {message}")


def warning(message: str) -> None:
    print(f"[WARNING] {message}", file=sys.stderr)


@dataclass
class Tool:
    """One devkit command.

    name: the command (`asc-profile`); usage: the text `--help` prints above
    the flags; main: called as main(args, command, flags) with the positional
    arguments before `--`, the command after `--` (a list, empty without
    `--`) and the parsed FlagValues, returns the exit code; needs_args: print
    the usage when called with nothing at all.
    """

    name: str
    usage: str
    main: Callable[[list, list, flags.FlagValues], int] = None
    needs_args: bool = True
    flags: flags.FlagValues = field(default_factory=flags.FlagValues)

    def __post_init__(self):
        flags.DEFINE_boolean("version", False, "Print the version and exit.", flag_values=self.flags)
        flags.DEFINE_boolean("help", False, "Show this help.", short_name="h", flag_values=self.flags)

    # -- parsing ------------------------------------------------------------
    def help_text(self) -> str:
        text = self.usage.rstrip() + "\n\nFlags:\n"
        names = sorted(set(self.flags._flags().values()), key=lambda f: f.name)
        for flag in names:
            head = f"  --{flag.name}"
            if flag.short_name:
                head += f", -{flag.short_name}"
            default = "" if flag.default in (None, False, "") else f" (default: {flag.default_as_str})"
            text += f"{head}\n      {flag.help}{default}\n"
        return text

    def _parse(self, argv: Sequence[str]) -> list:
        """Parses argv (argv[0] is the program); raises ToolError on a bad flag."""
        if self.flags.is_parsed():  # a previous run's values must not leak into this one
            self.flags.unparse_flags()
        try:
            rest = self.flags(list(argv), known_only=False)
        except flags.Error as exc:
            raise ToolError(str(exc).splitlines()[0], f"run `{self.name} --help` for the usage")
        return rest[1:]

    # -- running -------------------------------------------------------------
    def run(self, argv: Sequence[str] | None = None) -> int:
        """Runs the tool on argv (without the program name) and returns the
        exit code; never raises for a user error."""
        argv = list(sys.argv[1:] if argv is None else argv)
        try:
            if self.needs_args and not argv:
                print(self.help_text())
                return 2
            # Everything after the first `--` is the user's command, untouched.
            command: list = []
            if "--" in argv:
                cut = argv.index("--")
                argv, command = argv[:cut], argv[cut + 1 :]
            args = self._parse([self.name] + argv)
            if self.flags["help"].value:
                print(self.help_text())
                return 0
            if self.flags["version"].value:
                print(version_line(self.name))
                return 0
            return int(self.main(args, command, self.flags) or 0)
        except ToolError as exc:
            error(exc.message, exc.hint)
            return exc.exit_code
        except KeyboardInterrupt:
            error("interrupted")
            return 130

    def console(self) -> None:
        """The console-script entry: absl.app runs the tool (absl's own
        global flags are not used; the tool parses its own)."""

        def parser(argv):
            flags.FLAGS.mark_as_parsed()  # absl.app requires its global flags parsed; the tool parses its own
            return argv

        def body(argv):
            sys.exit(self.run(argv[1:]))

        app.run(body, argv=sys.argv, flags_parser=parser)


def number_flag(fv: flags.FlagValues, name: str, *, minimum=None, maximum=None, above=None, below=None):
    """The value of a numeric flag, checked: finite and in range (NaN compares false with
    everything, so an unchecked `--factor nan` silently disables a check). None (unset) passes.
    minimum/maximum are inclusive bounds, above/below exclusive ones."""
    import math

    value = fv[name].value
    if value is None:
        return None
    want = []
    if above is not None:
        want.append(f"> {above:g}")
    if minimum is not None:
        want.append(f">= {minimum:g}")
    if maximum is not None:
        want.append(f"<= {maximum:g}")
    if below is not None:
        want.append(f"< {below:g}")
    ok = math.isfinite(value) and (above is None or value > above) and (minimum is None or value >= minimum) \
        and (maximum is None or value <= maximum) and (below is None or value < below)
    if not ok:
        raise ToolError(f"--{name} {value:g}: must be a finite number" + (f" {' and '.join(want)}" if want else ""))
    return value


def require_file(path: str, what: str, hint: Optional[str] = None) -> None:
    import os

    if not os.path.exists(path):
        raise ToolError(f"{what}: {path} (No such file or directory)", hint)


def user_command(command: Sequence[str]) -> list:
    """The command after `--`, ready for subprocess: `python`/`python3` (or a
    bare `script.py`) run with this interpreter, so that the script sees the
    same asc package as the tool."""
    if not command:
        raise ToolError("no command to run", "put the program after `--`, e.g. `-- python my_test.py`")
    command = list(command)
    if command[0] in ("python", "python3") or command[0].endswith(("/python", "/python3")):
        command[0] = sys.executable
    elif command[0].endswith(".py"):
        command.insert(0, sys.executable)
    return command
