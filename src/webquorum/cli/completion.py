"""TAB completion for bash, zsh, fish and PowerShell, on click's completion engine.

The scripts and the protocol between script and program are the ones typer gave this CLI (it
ran on typer before), so a completion installed by an earlier release keeps working: the shell
sets ``_WEBQUORUM_COMPLETE=complete_<shell>`` (``source_<shell>`` prints the script) and passes
the line in ``COMP_WORDS``/``COMP_CWORD`` (bash) or ``_TYPER_COMPLETE_ARGS`` (the others).
``webquorum --show-completion`` prints the script for the shell it runs under and
``--install-completion`` writes it where that shell reads it (docs/cli.md says where).
This module loads only for those, not for other commands.
"""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path
from typing import Any, ClassVar

import click
from click.shell_completion import CompletionItem, ShellComplete, split_arg_string

from webquorum.cli.environment import COMPLETE_VAR

PROG = "webquorum"
FUNCTION = "_webquorum_completion"
_WHITESPACE = re.compile(r"\s")

BASH = f"""
{FUNCTION}() {{
    local IFS=$'\\n'
    COMPREPLY=( $( env COMP_WORDS="${{COMP_WORDS[*]}}" \\
                   COMP_CWORD=$COMP_CWORD \\
                   {COMPLETE_VAR}=complete_bash $1 ) )
    return 0
}}

complete -o default -F {FUNCTION} {PROG}
"""
ZSH = f"""
#compdef {PROG}

{FUNCTION}() {{
  eval $(env _TYPER_COMPLETE_ARGS="${{words[1,$CURRENT]}}" {COMPLETE_VAR}=complete_zsh {PROG})
}}

compdef {FUNCTION} {PROG}
"""
FISH = (
    f'complete --command {PROG} --no-files --arguments "(env {COMPLETE_VAR}=complete_fish _TYPER_COMPLETE_FISH_ACTION=get-args'
    f' _TYPER_COMPLETE_ARGS=(commandline -cp) {PROG})" --condition "env {COMPLETE_VAR}=complete_fish'
    f' _TYPER_COMPLETE_FISH_ACTION=is-args _TYPER_COMPLETE_ARGS=(commandline -cp) {PROG}"'
)
POWERSHELL = f"""
Import-Module PSReadLine
Set-PSReadLineKeyHandler -Chord Tab -Function MenuComplete
$scriptblock = {{
    param($wordToComplete, $commandAst, $cursorPosition)
    $Env:{COMPLETE_VAR} = "complete_powershell"
    $Env:_TYPER_COMPLETE_ARGS = $commandAst.ToString()
    $Env:_TYPER_COMPLETE_WORD_TO_COMPLETE = $wordToComplete
    {PROG} | ForEach-Object {{
        $commandArray = $_ -Split ":::"
        $command = $commandArray[0]
        $helpString = $commandArray[1]
        [System.Management.Automation.CompletionResult]::new(
            $command, $command, 'ParameterValue', $helpString)
    }}
    $Env:{COMPLETE_VAR} = ""
    $Env:_TYPER_COMPLETE_ARGS = ""
    $Env:_TYPER_COMPLETE_WORD_TO_COMPLETE = ""
}}
Register-ArgumentCompleter -Native -CommandName {PROG} -ScriptBlock $scriptblock
"""


class _Shell(ShellComplete):
    """One shell's script and answer format; the line arrives as ``_TYPER_COMPLETE_ARGS``."""

    script: ClassVar[str]

    def source(self) -> str:
        return self.script.strip()

    def get_completion_args(self) -> tuple[list[str], str]:
        line = os.environ.get("_TYPER_COMPLETE_ARGS", "")
        words = split_arg_string(line)[1:]
        if words and not line.endswith(" "):
            return words[:-1], words[-1]
        return words, ""

    def words(self) -> str:
        args, incomplete = self.get_completion_args()
        return "\n".join(self.format_completion(item) for item in self.get_completions(args, incomplete))

    def complete(self) -> str:
        return self.words()


class _Bash(_Shell):
    script = BASH

    def get_completion_args(self) -> tuple[list[str], str]:
        words = split_arg_string(os.environ.get("COMP_WORDS", ""))
        cword = int(os.environ.get("COMP_CWORD", "0") or 0)
        return words[1:cword], words[cword] if cword < len(words) else ""

    def format_completion(self, item: CompletionItem) -> str:
        return str(item.value)


def _zsh_escape(text: str) -> str:
    return (
        text.replace('"', '""')
        .replace("'", "''")
        .replace("$", "\\$")
        .replace("`", "\\`")
        .replace(":", r"\\:")
    )


class _Zsh(_Shell):
    script = ZSH

    def format_completion(self, item: CompletionItem) -> str:
        value = f'"{_zsh_escape(str(item.value))}"'
        return f'{value}:"{_zsh_escape(item.help)}"' if item.help else value

    def complete(self) -> str:
        found = self.words()
        return f"_arguments '*: :(({found}))'" if found else "_files"


class _Fish(_Shell):
    script = FISH

    def format_completion(self, item: CompletionItem) -> str:
        return f"{item.value}\t{_WHITESPACE.sub(' ', item.help)}" if item.help else str(item.value)

    def complete(self) -> str:
        found = self.words()
        if os.environ.get("_TYPER_COMPLETE_FISH_ACTION") == "is-args":
            sys.exit(0 if found else 1)  # 0: offer these words; 1: let fish offer file names
        return found


class _PowerShell(_Shell):
    script = POWERSHELL

    def get_completion_args(self) -> tuple[list[str], str]:
        incomplete = os.environ.get("_TYPER_COMPLETE_WORD_TO_COMPLETE", "")
        words = split_arg_string(os.environ.get("_TYPER_COMPLETE_ARGS", ""))
        return (words[1:-1] if incomplete else words[1:]), incomplete

    def format_completion(self, item: CompletionItem) -> str:
        return f"{item.value}:::{item.help or ' '}"


SHELLS: dict[str, type[_Shell]] = {
    "bash": _Bash,
    "zsh": _Zsh,
    "fish": _Fish,
    "powershell": _PowerShell,
    "pwsh": _PowerShell,
}


def answer(group: click.Command, instruction: str) -> int:
    """Answer the shell's ``complete_<shell>`` (the words) or ``source_<shell>`` (the script); the exit
    code."""
    action, _, shell = instruction.partition("_")
    kind = SHELLS.get(shell)
    if kind is None or action not in ("complete", "source"):
        click.echo(
            f"{COMPLETE_VAR}={instruction!r} is not a completion request; use complete_<shell> or source_<shell>"
            f" with a shell of {', '.join(SHELLS)}",
            err=True,
        )
        return 1
    comp = kind(group, {}, PROG, COMPLETE_VAR)
    click.echo(comp.source() if action == "source" else comp.complete())
    return 0


def _current_shell() -> str:
    """The shell this runs under (its parent processes, as shellingham reads them), else ``$SHELL``'s name."""
    import shellingham

    try:
        name: Any = shellingham.detect_shell()[0]
    except shellingham.ShellDetectionFailure:
        name = Path(os.environ.get("SHELL", "")).name
    return str(name).lower()


def show() -> int:
    shell = _current_shell()
    kind = SHELLS.get(shell)
    if kind is None:
        click.echo(
            f"Shell {shell or '(unknown)'} not supported: completion is for {', '.join(SHELLS)}.", err=True
        )
        return 1
    click.echo(kind.script.strip())
    return 0


def _append_once(path: Path, line: str) -> None:
    text = path.read_text(encoding="utf-8") if path.is_file() else ""
    if line not in text:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(f"{text.rstrip()}\n{line}\n" if text.strip() else f"{line}\n", encoding="utf-8")


def install() -> int:
    """Write the script where the current shell loads it; bash and zsh get one line in their rc file to load
    it."""
    shell = _current_shell()
    home = Path.home()
    if shell == "bash":
        target = home / ".bash_completions" / f"{PROG}.sh"
        _append_once(home / ".bashrc", f"source '{target}'")
    elif shell == "zsh":
        target = home / ".zfunc" / f"_{PROG}"
        _append_once(home / ".zshrc", "fpath+=~/.zfunc; autoload -Uz compinit; compinit")
    elif shell == "fish":
        target = home / ".config" / "fish" / "completions" / f"{PROG}.fish"
    else:
        hint = (
            " (for PowerShell, add `webquorum --show-completion` to your $PROFILE)" if shell in SHELLS else ""
        )
        click.echo(
            f"Shell {shell or '(unknown)'} is not supported by --install-completion: use bash, zsh or fish{hint}.",
            err=True,
        )
        return 1
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(SHELLS[shell].script.strip() + "\n", encoding="utf-8")
    click.echo(f"{shell} completion installed in {target}")
    click.echo("Completion will take effect once you restart the terminal")
    return 0
