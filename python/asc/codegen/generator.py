"""The AST visitor that traces a Python kernel into the ascendc dialect.

Compile-time values (Python numbers, enums, dtypes, ConstExpr parameters,
module globals) are ordinary Python objects here, so expressions over them
are folded by Python itself. Runtime values are `RuntimeValue` wrappers of
MLIR values; operations on them build ops through `asc._C.ir.Builder`. Every
statement sets the builder's location to the user's file:line:col, so every
op (and every verifier message, and every `#line` in the emitted source)
points back at the kernel's Python source.

Control flow: `for ... in range()` becomes scf.for, `if` on a runtime
condition scf.if, `while` scf.while; scalars assigned inside become loop
carried values / if results. `asc.static_range` and loops over Python
sequences are unrolled; `if` on a compile-time condition is folded.
"""

from __future__ import annotations

import ast
import builtins
import copy
from typing import Any, Dict, List, Optional

from ..errors import CompileError, UnsupportedSyntaxError
from ..language.core import context
from ..language.core import dtype as dt
from ..language.core import kernel_struct
from ..language.core import range as asc_range
from ..language.core import semantic
from ..language.core.constexpr import ConstExpr, RuntimeValue
from ..language.core.semantic import PlainValue, is_scalar
from ..language.core.types import ParamStruct
from ..source import FunctionSource, TracedFunction

_MAX_STATIC_ITERATIONS = 100_000


class _Break(Exception):
    pass


class _Continue(Exception):
    pass


class _Return(Exception):
    def __init__(self, value):
        self.value = value


class _LoopFrame:
    """An enclosing loop: 'static' (unrolled) or 'runtime'; a runtime loop with
    break/continue carries a break flag and has a per-iteration continue flag."""

    __slots__ = ("kind", "brk", "cont", "runtime_ifs")

    def __init__(self, kind, brk=None, cont=None):
        self.kind, self.brk, self.cont = kind, brk, cont
        self.runtime_ifs = 0  # runtime ifs between this loop and the current statement


def _exits_loop(stmts, kinds=(ast.Break, ast.Continue)) -> bool:
    """Whether `stmts` hold a break/continue of *their* loop (not of a nested loop)."""
    todo = list(stmts)
    while todo:
        node = todo.pop()
        if isinstance(node, kinds):
            return True
        if isinstance(node, (ast.For, ast.While, ast.AsyncFor, ast.FunctionDef, ast.Lambda)):
            todo.extend(node.orelse if isinstance(node, (ast.For, ast.While)) else [])
            continue
        todo.extend(ast.iter_child_nodes(node))
    return False


class _Undefined:
    """A name whose value after a runtime loop/if cannot be expressed."""

    def __init__(self, reason: str):
        self.reason = reason


def _assigned_names(stmts) -> List[str]:
    """Names stored to anywhere in `stmts` (in first-assignment order)."""
    names: Dict[str, None] = {}
    for stmt in stmts:
        for node in ast.walk(stmt):
            if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                names[node.id] = None
    return list(names)


class CodeGenerator(ast.NodeVisitor):
    """Traces one function body (a kernel or a device function)."""

    def __init__(self, session, src: FunctionSource, scope: Dict[str, Any]):
        self.session = session  # the KernelCompilation: builder, module, device functions
        self.builder = session.builder
        self.locations = session.locations  # file locations uniqued in the builder's MLIR context
        self.src = src
        self.scope = scope
        self.loops: List[_LoopFrame] = []  # the enclosing loops, innermost last
        self.runtime_depth = 0  # > 0 inside a runtime if/loop body

    # ------------------------------------------------------------------ errors
    def error(self, node, message, cls=CompileError):
        return cls(message, self.src.filename, getattr(node, "lineno", None),
                   getattr(node, "col_offset", 0) + self.src.indent)

    def set_loc(self, node):
        # Locations are uniqued in the MLIR context: cached by position, with the context.
        key = (self.src.filename, node.lineno, node.col_offset + self.src.indent + 1)
        loc = self.locations.get(key)
        if loc is None:
            loc = self.locations[key] = self.builder.get_file_loc(*key)
        self.builder.set_loc(loc)

    # Facts about statement lists, memoised on the function's source: its AST is parsed
    # once and traced for every specialization. Keyed by the statements' identity; an
    # entry holds its statements, so their ids stay theirs while it exists.
    def assigned_names(self, stmts) -> List[str]:
        """_assigned_names(stmts), memoised."""
        key = ("assigned",) + tuple(map(id, stmts))
        entry = self.src.memo.get(key)
        if entry is None:
            entry = self.src.memo[key] = (tuple(stmts), _assigned_names(stmts))
        return entry[1]

    def exits_loop(self, stmts, kinds=(ast.Break, ast.Continue)) -> bool:
        """_exits_loop(stmts, kinds), memoised."""
        key = (kinds,) + tuple(map(id, stmts))
        entry = self.src.memo.get(key)
        if entry is None:
            entry = self.src.memo[key] = (tuple(stmts), _exits_loop(stmts, kinds))
        return entry[1]

    # ------------------------------------------------------------ statements
    def visit_body(self, stmts):
        frame = self.loops[-1] if self.loops else None
        guarded = frame is not None and frame.brk is not None
        for index, stmt in enumerate(stmts):
            self.visit_stmt(stmt)
            if guarded and index + 1 < len(stmts) and self.exits_loop((stmt,)):
                # the rest of this body runs only if no break/continue happened
                self._guard_rest(frame, stmts[index + 1:])
                return

    def _guard_rest(self, frame, rest):
        self.set_loc(rest[0])
        stop = semantic.logical("or", self.scope[frame.brk], self.scope[frame.cont])
        node = ast.If(test=ast.Constant(value=True), body=rest, orelse=[])
        ast.copy_location(node, rest[0])
        self._runtime_if(node, semantic.logical_not(stop))

    def visit_stmt(self, stmt):
        self.set_loc(stmt)
        try:
            method = _STMT_METHODS.get(type(stmt))
            if method is None:
                self.generic_visit(stmt)
            method(self, stmt)
        except (CompileError, _Break, _Continue, _Return):
            raise
        except Exception as exc:  # an API or the builder rejected the statement
            raise self._located(stmt, exc) from None

    def _located(self, stmt, exc):
        node = getattr(exc, "_asc_node", None) or stmt
        from .._C import ir
        if isinstance(exc, ir.MLIRError):
            return self.error(node, f"the ascendc dialect rejected this: {_mlir_message(str(exc))}")
        if isinstance(exc, context.NotInKernelError):
            return self.error(node, str(exc))
        kind = type(exc).__name__
        return self.error(node, f"{exc}" if kind in ("TypeError", "ValueError") else f"{kind}: {exc}")

    def generic_visit(self, node):
        raise self.error(node, f"unsupported Python syntax in a kernel: {type(node).__name__} "
                               f"({_syntax_name(node)})", UnsupportedSyntaxError)

    def visit_Pass(self, node):
        pass

    def visit_Expr(self, node):
        if isinstance(node.value, ast.Constant) and isinstance(node.value.value, str):
            return  # docstring
        self.eval(node.value)

    def visit_Assign(self, node):
        value = self.eval(node.value)
        for target in node.targets:
            self.assign(target, value, node)

    def visit_AnnAssign(self, node):
        if node.value is None:
            return
        self.assign(node.target, self.eval(node.value), node)

    def visit_AugAssign(self, node):
        target = node.target
        if isinstance(target, ast.Name):
            current = self.lookup(target.id, target)
        elif isinstance(target, ast.Subscript):
            current = self.eval(ast.Subscript(value=target.value, slice=target.slice, ctx=ast.Load()))
        else:
            raise self.error(node, "augmented assignment to this target is not supported",
                             UnsupportedSyntaxError)
        value = self.binop(node.op, current, self.eval(node.value), node)
        self.assign(target, value, node)

    def assign(self, target, value, node):
        if isinstance(target, ast.Name):
            value = ConstExpr.unwrap(value) if isinstance(value, ConstExpr) else value
            # `x = y` binds another name to y's value: y keeps its C++ name
            if not any(v is value for v in self.scope.values()):
                self.name_value(value, target.id)
            self.scope[target.id] = value
        elif isinstance(target, (ast.Tuple, ast.List)):
            values = list(value) if isinstance(value, (tuple, list)) else None
            if values is None or len(values) != len(target.elts):
                raise self.error(node, "cannot unpack this value into "
                                       f"{len(target.elts)} names")
            for t, v in zip(target.elts, values):
                self.assign(t, v, node)
        elif isinstance(target, ast.Subscript):
            obj = self.eval(target.value)
            index = self.eval(target.slice)
            obj[index] = value
        elif isinstance(target, ast.Attribute):
            self.assign_field(target, value, node)
        else:
            raise self.error(node, f"cannot assign to {type(target).__name__}",
                             UnsupportedSyntaxError)

    def assign_field(self, target, value, node):
        """`tiling.base_m = v` on a parameter struct (a by-value kernel parameter
        or one built in the kernel): sets the kernel's copy of the field."""
        obj = self.eval(target.value)
        if not isinstance(obj, ParamStruct):
            raise self.error(node, "assigning to attributes is supported on parameter structs "
                                   f"(tiling fields) only, not on {type(obj).__name__}",
                             UnsupportedSyntaxError)
        if self.runtime_depth:
            raise self.error(node, f"assigning the field {target.attr!r} under a runtime if/loop "
                                   "is not supported; assign it before the if/loop",
                             UnsupportedSyntaxError)
        value = ConstExpr.unwrap(value) if isinstance(value, ConstExpr) else value
        if target.attr not in type(obj)._cpp_fields:
            names = ", ".join(type(obj)._cpp_fields)
            raise self.error(node, f"asc.{type(obj).__name__} has no field {target.attr!r} "
                                   f"(fields: {names})")
        if not isinstance(target.value, ast.Name):
            raise self.error(node, "assign a struct field through the struct's variable "
                                   "(`tiling.base_m = ...`)", UnsupportedSyntaxError)
        # C++ value semantics: the name gets a copy with the field set; other
        # names bound to the old struct (and a second trace of a device
        # function) keep their values
        self.scope[target.value.id] = _with_field(obj, target.attr, value)

    def name_value(self, value, name):
        """Gives the op that defined `value` the user's variable name (for the emitted C++)."""
        if "$" in name:
            return  # the front end's own loop flags keep generated names
        if isinstance(value, RuntimeValue):
            if value.handle is None:
                if getattr(value, "name_hint", 1) is None:
                    value.name_hint = name
                return
            b = self.builder
            if getattr(value, "_named", False):
                return
            try:
                value.handle.set_loc(b.get_name_loc(name, b.get_loc()))
            except Exception:
                pass

    def visit_Return(self, node):
        value = None if node.value is None else self.eval(node.value)
        if self.runtime_depth:
            raise self.error(node, "return inside a runtime if/loop is not supported; "
                                   "assign a variable and return it at the end",
                             UnsupportedSyntaxError)
        raise _Return(value)

    def visit_Assert(self, node):
        test = self.eval(node.test)
        if isinstance(test, RuntimeValue):
            raise self.error(node, "assert needs a compile-time condition", UnsupportedSyntaxError)
        if not test:
            if node.msg is None:
                msg = "assertion failed"
            else:
                try:
                    msg = self.eval(node.msg)
                except CompileError:
                    # a message formatting runtime values: quote its source
                    msg = ast.unparse(node.msg)
            raise self.error(node, f"AssertionError (a compile-time assert failed): {msg}")

    def visit_Break(self, node):
        self._loop_exit(node, "break", _Break)

    def visit_Continue(self, node):
        self._loop_exit(node, "continue", _Continue)

    def _loop_exit(self, node, word, exc):
        """break/continue: unrolled loops stop unrolling (under compile-time
        conditions); runtime loops raise the loop's flag, and the statements
        after it run under `if not flag` (see visit_body)."""
        if not self.loops:
            raise self.error(node, f"'{word}' outside a loop")
        frame = self.loops[-1]
        if frame.kind == "static":
            if frame.runtime_ifs:
                raise self.error(node, f"'{word}' under a runtime condition in a loop unrolled at "
                                       "compile time; use a runtime loop (range) instead",
                                 UnsupportedSyntaxError)
            raise exc()
        self.scope[frame.brk if word == "break" else frame.cont] = semantic.constant(True, dt.bool_)

    def visit_FunctionDef(self, node):
        raise self.error(node, "nested function definitions are not supported in a kernel; "
                               "define a separate @asc.jit function", UnsupportedSyntaxError)

    # ------------------------------------------------------------------- if
    def visit_If(self, node):
        cond = ConstExpr.unwrap(self.eval(node.test))
        if not isinstance(cond, RuntimeValue):
            self.visit_body(node.body if cond else node.orelse)
            return
        self._runtime_if(node, semantic.to_bool(cond))

    def _runtime_if(self, node, cond):
        before = dict(self.scope)
        carried = self._carried_for_if(node)
        names, types = [], []
        if carried:
            # First trace: learn the types of the values the branches produce.
            probe = self.builder.create_if(cond.handle, [], True)
            then_scope = self._trace_branch(probe, 0, node.body, None)
            self.scope = dict(before)
            else_scope = self._trace_branch(probe, 1, node.orelse, None)
            self.scope = dict(before)
            probe.erase()
            for name in carried:
                t = _merge_types(then_scope.get(name, before.get(name)),
                                 else_scope.get(name, before.get(name)))
                if t is not None:
                    names.append(name)
                    types.append(t)
        b = self.builder
        op = b.create_if(cond.handle, [semantic.ir_type(t, b) for t in types], bool(node.orelse) or bool(names))
        yields = (names, types) if names else None
        then_scope = self._trace_branch(op, 0, node.body, yields)
        self.scope = dict(before)
        else_scope = self._trace_branch(op, 1, node.orelse, yields) if (node.orelse or names) else before
        self.scope = before
        for name in set(then_scope) | set(else_scope):
            if name in names:
                continue
            if then_scope.get(name) is not before.get(name) or else_scope.get(name) is not before.get(name):
                self.scope[name] = _Undefined(
                    f"'{name}' is assigned under a runtime if and has no single value after it")
        for i, (name, t) in enumerate(zip(names, types)):
            self.scope[name] = PlainValue(op.result(i), t)
            self.name_value(self.scope[name], name)

    def _carried_for_if(self, node) -> List[str]:
        body_names = set(self.assigned_names(node.body))
        else_names = set(self.assigned_names(node.orelse))
        result = []
        for name in self.assigned_names(node.body + node.orelse):
            defined = name in self.scope and is_scalar(self.scope[name])
            if defined or (name in body_names and name in else_names):
                result.append(name)
        frame = self.loops[-1] if self.loops else None
        if frame is not None and frame.brk is not None:
            # a break/continue under this if sets the loop's flag in a branch
            if self.exits_loop(node.body + node.orelse, ast.Break):
                result.append(frame.brk)
            if self.exits_loop(node.body + node.orelse, ast.Continue):
                result.append(frame.cont)
        return result

    def _trace_branch(self, op, index, stmts, yields):
        """Traces `stmts` into region `index` of scf.if `op`; returns the scope after them."""
        b = self.builder
        block = op.block(index)
        if yields is None:
            b.set_insertion_point_to_start(block)  # before the yield the op was built with
        else:
            b.set_insertion_point_to_end(block)
        self.runtime_depth += 1
        frame = self.loops[-1] if self.loops else None
        if frame is not None:
            frame.runtime_ifs += 1
        try:
            self.visit_body(stmts)
            if yields is not None:
                names, types = yields
                b.create_yield([semantic.as_value(self._value_for_yield(n), t).handle
                                for n, t in zip(names, types)])
        finally:
            self.runtime_depth -= 1
            if frame is not None:
                frame.runtime_ifs -= 1
        b.set_insertion_point_after(op)
        return self.scope

    def _value_for_yield(self, name):
        value = self.scope.get(name)
        if value is None or isinstance(value, _Undefined):
            raise CompileError(f"'{name}' is not defined on every path of a runtime if",
                               self.src.filename)
        return value

    # ------------------------------------------------------------------ loops
    def visit_For(self, node):
        if node.orelse:
            raise self.error(node, "for ... else is not supported", UnsupportedSyntaxError)
        it = node.iter
        kind, bounds = self._range_kind(it)
        if kind == "runtime":
            self._runtime_for(node, bounds)
        else:
            self._static_for(node, bounds)

    def _range_kind(self, it):
        if isinstance(it, ast.Call):
            callee = self.eval(it.func)
            if callee is builtins.range or callee is asc_range.range:
                args = [self.eval(a) for a in it.args]
                return "runtime", args
            if callee is asc_range.static_range:
                args = [ConstExpr.unwrap(self.eval(a)) for a in it.args]
                for a in args:
                    if isinstance(a, RuntimeValue):
                        raise self.error(it, "asc.static_range needs compile-time bounds; "
                                             "use range() for a runtime loop")
                return "static", builtins.range(*args)
            value = callee(*[self.eval(a) for a in it.args])
        else:
            value = self.eval(it)
        if isinstance(value, RuntimeValue):
            raise self.error(it, "cannot iterate over a runtime value")
        try:
            return "static", list(value)
        except TypeError:
            raise self.error(it, f"cannot iterate over {type(value).__name__} in a kernel") from None

    def _static_for(self, node, values):
        count = 0
        self.loops.append(_LoopFrame("static"))
        try:
            for value in values:
                count += 1
                if count > _MAX_STATIC_ITERATIONS:
                    raise self.error(node, "static loop unrolls too many iterations")
                self.assign(node.target, value, node)
                try:
                    self.visit_body(node.body)
                except _Continue:
                    continue
                except _Break:
                    break
        finally:
            self.loops.pop()

    def _runtime_for(self, node, args):
        if not isinstance(node.target, ast.Name):
            raise self.error(node, "a runtime loop needs a single loop variable", UnsupportedSyntaxError)
        if len(args) == 1:
            lb, ub, step = 0, args[0], 1
        elif len(args) == 2:
            lb, ub, step = args[0], args[1], 1
        elif len(args) == 3:
            lb, ub, step = args
        else:
            raise self.error(node, "range() takes 1 to 3 arguments")
        lb, ub, step = (ConstExpr.unwrap(v) for v in (lb, ub, step))
        types = [v.dtype for v in (lb, ub, step) if isinstance(v, PlainValue)]
        ivtype = dt.int32
        for t in types:
            if not t.is_int():
                raise self.error(node, f"range() bounds must be integers, got {t.name}")
            ivtype = dt.promote(ivtype, t)
        if not isinstance(step, RuntimeValue) and step == 0:
            raise self.error(node, "range() step must not be zero")
        if self.exits_loop(node.body):
            self._runtime_for_with_exits(node, lb, ub, step, ivtype)
            return
        b = self.builder
        handles = [semantic.as_value(v, ivtype).handle for v in (lb, ub, step)]
        carried, carried_types, inits = self._loop_carried(node.body, exclude={node.target.id})
        op = b.create_for(handles[0], handles[1], handles[2], inits)
        body = op.block(0)
        before = dict(self.scope)
        if carried:
            b.set_insertion_point_to_end(body)
        else:
            b.set_insertion_point_to_start(body)
        self.scope[node.target.id] = PlainValue(body.arg(0), ivtype)
        self.name_value(self.scope[node.target.id], node.target.id)
        for i, (name, t) in enumerate(zip(carried, carried_types)):
            self.scope[name] = PlainValue(body.arg(i + 1), t)
        self._trace_loop_body(node.body)
        if carried:
            self.set_loc(node)
            b.create_yield([semantic.as_value(self.scope[n], t).handle
                            for n, t in zip(carried, carried_types)])
        b.set_insertion_point_after(op)
        self._leave_loop(before, carried, carried_types, op, node)

    def _runtime_for_with_exits(self, node, lb, ub, step, ivtype):
        """A runtime for loop with break/continue, as a while loop carrying the
        induction variable and a break flag: scf.for cannot stop early."""
        b = self.builder
        frame = self._exit_frame()
        carried, carried_types, inits = self._loop_carried(node.body, exclude={node.target.id})
        types = [ivtype, dt.bool_] + carried_types
        inits = [semantic.as_value(lb, ivtype).handle, semantic.constant(False, dt.bool_).handle] + inits
        op = b.create_while([semantic.ir_type(t, b) for t in types], inits)
        before = dict(self.scope)
        first, second = op.block(0), op.block(1)
        # condition: not broken and the induction variable in range
        b.set_insertion_point_to_end(first)
        iv, brk = PlainValue(first.arg(0), ivtype), PlainValue(first.arg(1), dt.bool_)
        if isinstance(step, RuntimeValue):
            in_range = _select(semantic.binary(">", step, 0), semantic.binary("<", iv, ub),
                               semantic.binary(">", iv, ub))
        else:
            in_range = semantic.binary("<" if step > 0 else ">", iv, ub)
        go = semantic.logical("and", semantic.logical_not(brk), in_range)
        b.create_condition(go.handle, [first.arg(i) for i in builtins.range(len(types))])
        # body
        b.set_insertion_point_to_end(second)
        iv = PlainValue(second.arg(0), ivtype)
        self.scope[node.target.id] = iv
        self.name_value(iv, node.target.id)
        self.scope[frame.brk] = PlainValue(second.arg(1), dt.bool_)
        self.scope[frame.cont] = semantic.constant(False, dt.bool_)
        for i, (name, t) in enumerate(zip(carried, carried_types)):
            self.scope[name] = PlainValue(second.arg(i + 2), t)
        self._trace_loop_body(node.body, frame)
        self.set_loc(node)
        nxt = semantic.binary("+", iv, semantic.as_value(step, ivtype))
        b.create_yield([nxt.handle, semantic.to_bool(self.scope[frame.brk]).handle] +
                       [semantic.as_value(self.scope[n], t).handle for n, t in zip(carried, carried_types)])
        b.set_insertion_point_after(op)
        self._leave_loop(before, carried, carried_types, op, node, first_result=2)

    def _exit_frame(self):
        depth = len(self.loops)
        # '$' keeps the flags apart from any Python name
        return _LoopFrame("runtime", brk=f"break${depth}", cont=f"continue${depth}")

    def _trace_loop_body(self, stmts, frame=None):
        self.loops.append(frame or _LoopFrame("runtime"))
        self.runtime_depth += 1
        try:
            self.visit_body(stmts)
        finally:
            self.runtime_depth -= 1
            self.loops.pop()

    def _loop_carried(self, stmts, exclude=()):
        names, types, inits = [], [], []
        for name in self.assigned_names(stmts):
            if name in exclude or name not in self.scope:
                continue
            value = ConstExpr.unwrap(self.scope[name])
            if not is_scalar(value):
                continue
            v = semantic.as_value(value)
            names.append(name)
            types.append(v.dtype)
            inits.append(v.handle)
        return names, types, inits

    def _leave_loop(self, before, carried, carried_types, op, node, first_result=0):
        after = self.scope
        self.scope = before
        for i, (name, t) in enumerate(zip(carried, carried_types)):
            self.scope[name] = PlainValue(op.result(first_result + i), t)
            self.name_value(self.scope[name], name)
        for name in self.assigned_names(node.body):
            if name in carried:
                continue
            if name in before and after.get(name) is not before[name]:
                self.scope[name] = _Undefined(
                    f"'{name}' was reassigned inside a runtime loop; a value of this kind "
                    f"cannot be carried out of the loop")
            elif name not in before:
                self.scope[name] = _Undefined(f"'{name}' is only defined inside a runtime loop")

    def visit_With(self, node):
        """`with obj as count:` where obj is a loop of the API (matmul.iterate()):
        the body runs while `obj.__asc_loop__()` is true, `count` numbering the passes
        (pyasc's MatmulIterator). Traced as `count = 0; while obj.__asc_loop__(): body; count += 1`."""
        if len(node.items) != 1:
            raise self.error(node, "a with statement takes one context manager here", UnsupportedSyntaxError)
        item = node.items[0]
        mgr = self.eval(item.context_expr)
        if not callable(getattr(mgr, "__asc_loop__", None)):
            raise self.error(node, f"unsupported Python syntax in a kernel: with statement over a "
                                   f"{_type_name(mgr)} (a with statement in a kernel takes a loop of the API, "
                                   f"such as matmul.iterate())", UnsupportedSyntaxError)
        target = item.optional_vars
        if target is not None and not isinstance(target, ast.Name):
            raise self.error(target, "with ... as takes one name here", UnsupportedSyntaxError)
        loop = self.src.memo.get(("with", id(node)))
        if loop is None or loop[0] is not node:
            hidden = f"__asc_with_{id(node)}"
            count = target.id if target is not None else hidden + "_count"
            test = ast.Call(func=ast.Attribute(value=ast.Name(id=hidden, ctx=ast.Load()), attr="__asc_loop__",
                                               ctx=ast.Load()), args=[], keywords=[])
            step = ast.AugAssign(target=ast.Name(id=count, ctx=ast.Store()), op=ast.Add(),
                                 value=ast.Constant(value=1))
            wh = ast.While(test=test, body=list(node.body) + [step], orelse=[])
            for n in (test, test.func, test.func.value, step, step.target, step.value, wh):
                ast.copy_location(n, node)
            wh._asc_runtime = True  # the test has an effect: no compile-time probe of it
            loop = self.src.memo[("with", id(node))] = (node, hidden, count, wh)
        _, hidden, count, wh = loop
        self.scope[hidden] = mgr
        self.scope[count] = semantic.as_value(0, dt.int32)
        self.name_value(self.scope[count], count)
        self.visit_While(wh)

    def visit_While(self, node):
        if node.orelse:
            raise self.error(node, "while ... else is not supported", UnsupportedSyntaxError)
        # A loop made by visit_With has a runtime test with an effect: not probed.
        cond = None if getattr(node, "_asc_runtime", False) else self.eval(node.test)
        if not getattr(node, "_asc_runtime", False) and not isinstance(cond, RuntimeValue):
            self._static_while(node, cond)
            return
        b = self.builder
        carried, types, inits = self._loop_carried(node.body)
        frame = self._exit_frame() if self.exits_loop(node.body) else None
        if frame is not None:  # carry the break flag first
            types = [dt.bool_] + types
            inits = [semantic.constant(False, dt.bool_).handle] + inits
        skip = 1 if frame is not None else 0
        op = b.create_while([semantic.ir_type(t, b) for t in types], inits)
        before_block, after_block = op.block(0), op.block(1)
        saved = dict(self.scope)
        # condition region
        b.set_insertion_point_to_end(before_block)
        for i, (name, t) in enumerate(zip(carried, types[skip:])):
            self.scope[name] = PlainValue(before_block.arg(i + skip), t)
        self.set_loc(node.test)
        cond = semantic.to_bool(self.eval(node.test))
        if frame is not None:
            cond = semantic.logical("and", semantic.logical_not(PlainValue(before_block.arg(0), dt.bool_)), cond)
        b.create_condition(cond.handle, [before_block.arg(i) for i in builtins.range(len(types))])
        # body region
        b.set_insertion_point_to_end(after_block)
        for i, (name, t) in enumerate(zip(carried, types[skip:])):
            self.scope[name] = PlainValue(after_block.arg(i + skip), t)
        if frame is not None:
            self.scope[frame.brk] = PlainValue(after_block.arg(0), dt.bool_)
            self.scope[frame.cont] = semantic.constant(False, dt.bool_)
        self._trace_loop_body(node.body, frame)
        self.set_loc(node)
        flags = [semantic.to_bool(self.scope[frame.brk]).handle] if frame is not None else []
        b.create_yield(flags + [semantic.as_value(self.scope[n], t).handle
                                for n, t in zip(carried, types[skip:])])
        b.set_insertion_point_after(op)
        self._leave_loop(saved, carried, types[skip:], op, node, first_result=skip)

    def _static_while(self, node, cond):
        count = 0
        self.loops.append(_LoopFrame("static"))
        try:
            while cond:
                count += 1
                if count > _MAX_STATIC_ITERATIONS:
                    raise self.error(node, "while loop with a compile-time condition did not end "
                                           f"after {_MAX_STATIC_ITERATIONS} iterations")
                try:
                    self.visit_body(node.body)
                except _Continue:
                    pass
                except _Break:
                    break
                cond = self.eval(node.test)
                if isinstance(cond, RuntimeValue):
                    raise self.error(node.test, "this while condition became a runtime value after "
                                                "the first iteration; make it runtime from the start")
        finally:
            self.loops.pop()

    # ------------------------------------------------------------ expressions
    def eval(self, node):
        method = _EVAL_METHODS.get(type(node))
        if method is None:
            raise self.error(node, f"unsupported Python syntax in a kernel: {_syntax_name(node)}",
                             UnsupportedSyntaxError)
        try:
            return method(self, node)
        except (CompileError, _Break, _Continue, _Return):
            raise
        except Exception as exc:
            if getattr(exc, "_asc_node", None) is None:
                try:
                    exc._asc_node = node
                except Exception:
                    pass
            raise

    def eval_Constant(self, node):
        return node.value

    def eval_Name(self, node):
        return self.lookup(node.id, node)

    def lookup(self, name, node):
        if name in self.scope:
            value = self.scope[name]
            if isinstance(value, _Undefined):
                raise self.error(node, value.reason)
            return value
        if name in self.src.closure:
            return self.session.use_global(self.src, name, self.src.closure[name])
        if name in self.src.globals:
            return self.session.use_global(self.src, name, self.src.globals[name])
        if hasattr(builtins, name):
            return _BUILTINS.get(name, getattr(builtins, name))
        raise self.error(node, f"name '{name}' is not defined")

    def eval_Attribute(self, node):
        obj = self.eval(node.value)
        if node.attr == "ceildiv" and type(ConstExpr.unwrap(obj)) is int:
            # pyasc's RuntimeInt.ceildiv on a compile-time int (a field of a struct
            # built in the kernel from ConstExpr values): folded when both are constants
            from ..language.core.ops import ceildiv
            return lambda other: ceildiv(obj, other)
        try:
            return getattr(obj, node.attr)
        except AttributeError:
            raise self.error(node, f"{_type_name(obj)} has no attribute '{node.attr}'") from None

    def eval_Tuple(self, node):
        return tuple(self.eval(e) for e in node.elts)

    def eval_List(self, node):
        return [self.eval(e) for e in node.elts]

    def eval_Dict(self, node):
        return {self.eval(k): self.eval(v) for k, v in zip(node.keys, node.values)}

    def eval_Slice(self, node):
        return slice(*(None if x is None else self.eval(x) for x in (node.lower, node.upper, node.step)))

    def eval_Subscript(self, node):
        obj = self.eval(node.value)
        index = self.eval(node.slice)
        if isinstance(obj, (list, tuple, dict, str)) and isinstance(index, RuntimeValue):
            raise self.error(node, "a Python sequence cannot be indexed by a runtime value; "
                                   "use asc.array for runtime indexing")
        return obj[index]

    def eval_JoinedStr(self, node):
        parts = []
        for v in node.values:
            if isinstance(v, ast.Constant):
                parts.append(str(v.value))
            else:
                value = self.eval(v.value)
                if isinstance(value, RuntimeValue):
                    raise self.error(v, "f-strings can only format compile-time values; "
                                        "use asc.printf for runtime values")
                parts.append(format(value, self.eval(v.format_spec) if v.format_spec else ""))
        return "".join(parts)

    def eval_FormattedValue(self, node):
        return format(self.eval(node.value))

    def eval_BinOp(self, node):
        return self.binop(node.op, self.eval(node.left), self.eval(node.right), node)

    def binop(self, op, lhs, rhs, node):
        lhs, rhs = ConstExpr.unwrap(lhs), ConstExpr.unwrap(rhs)
        symbol = _BINOPS.get(type(op))
        if symbol is None:
            raise self.error(node, f"operator {type(op).__name__} is not supported",
                             UnsupportedSyntaxError)
        return _PY_BINOPS[symbol](lhs, rhs)

    def eval_UnaryOp(self, node):
        value = ConstExpr.unwrap(self.eval(node.operand))
        if isinstance(node.op, ast.Not):
            if isinstance(value, PlainValue):
                return semantic.logical_not(value)
            return not value
        if isinstance(node.op, ast.USub):
            return -value
        if isinstance(node.op, ast.UAdd):
            return +value
        if isinstance(node.op, ast.Invert):
            return ~value
        raise self.error(node, "unsupported unary operator", UnsupportedSyntaxError)

    def eval_BoolOp(self, node):
        is_and = isinstance(node.op, ast.And)
        result = ConstExpr.unwrap(self.eval(node.values[0]))
        for operand in node.values[1:]:
            if not isinstance(result, RuntimeValue):
                # Python's short circuit on compile-time values
                if (is_and and not result) or (not is_and and result):
                    return result
                result = ConstExpr.unwrap(self.eval(operand))
                continue
            rhs = ConstExpr.unwrap(self.eval(operand))
            if not isinstance(rhs, RuntimeValue):
                if is_and and not rhs:
                    return False
                if not is_and and rhs:
                    return True
                result = semantic.to_bool(result)
                continue
            result = semantic.logical("and" if is_and else "or", result, rhs)
        return result

    def eval_Compare(self, node):
        left = ConstExpr.unwrap(self.eval(node.left))
        result = None
        for op, right_node in zip(node.ops, node.comparators):
            right = ConstExpr.unwrap(self.eval(right_node))
            symbol = _CMPOPS.get(type(op))
            if symbol is None:
                if isinstance(op, (ast.Is, ast.IsNot, ast.In, ast.NotIn)) and not (
                        isinstance(left, PlainValue) or isinstance(right, PlainValue)):
                    value = {ast.Is: lambda a, b: a is b, ast.IsNot: lambda a, b: a is not b,
                             ast.In: lambda a, b: a in b, ast.NotIn: lambda a, b: a not in b}[type(op)](left, right)
                else:
                    raise self.error(node, f"comparison {type(op).__name__} is not supported on runtime values",
                                     UnsupportedSyntaxError)
            else:
                value = _PY_BINOPS[symbol](left, right)
            if result is None:
                result = value
            elif isinstance(result, RuntimeValue) or isinstance(value, RuntimeValue):
                result = semantic.logical("and", result, value)
            else:
                result = result and value
            left = right
        return result

    def eval_IfExp(self, node):
        cond = ConstExpr.unwrap(self.eval(node.test))
        if not isinstance(cond, RuntimeValue):
            return self.eval(node.body if cond else node.orelse)
        a, c = ConstExpr.unwrap(self.eval(node.body)), ConstExpr.unwrap(self.eval(node.orelse))
        if not (is_scalar(a) and is_scalar(c)):
            raise self.error(node, "a conditional expression on a runtime condition must choose "
                                   "between scalars")
        t = dt.promote(*(v.dtype if isinstance(v, PlainValue) else semantic.dtype_of_constant(v)
                         for v in (a, c)))
        av, cv = semantic.as_value(a, t), semantic.as_value(c, t)
        return PlainValue(self.builder.create_select(semantic.to_bool(cond).handle, av.handle, cv.handle), t)

    def eval_Call(self, node):
        callee = self.eval(node.func)
        args = []
        for a in node.args:
            if isinstance(a, ast.Starred):
                args.extend(self.eval(a.value))
            else:
                args.append(self.eval(a))
        kwargs = {}
        for kw in node.keywords:
            if kw.arg is None:
                kwargs.update(self.eval(kw.value))
            else:
                kwargs[kw.arg] = self.eval(kw.value)
        self.set_loc(node)
        if isinstance(callee, TracedFunction):  # an @asc.jit function: a device function
            args = [_struct_by_value(a) for a in args]
            kwargs = {k: _struct_by_value(v) for k, v in kwargs.items()}
            return self.session.call_device_function(self, callee, args, kwargs, node)
        return callee(*args, **kwargs)

    def eval_Lambda(self, node):
        raise self.error(node, "lambda is not supported in a kernel", UnsupportedSyntaxError)


def _mlir_message(text: str) -> str:
    # "file:line:col: error: message" -> "message" (the CompileError gives the location)
    parts = text.split(": error: ", 1)
    return parts[1] if len(parts) == 2 else text


def _syntax_name(node) -> str:
    names = {"ListComp": "list comprehension", "DictComp": "dict comprehension",
             "SetComp": "set comprehension", "GeneratorExp": "generator expression",
             "With": "with statement", "Try": "try statement", "Raise": "raise statement",
             "Lambda": "lambda", "Global": "global statement", "Nonlocal": "nonlocal statement",
             "ClassDef": "class definition", "Delete": "del statement", "Yield": "yield",
             "Await": "await", "AsyncFunctionDef": "async function", "Import": "import statement",
             "ImportFrom": "import statement", "NamedExpr": "walrus operator (:=)",
             "Match": "match statement", "Set": "set display", "Starred": "starred expression"}
    return names.get(type(node).__name__, type(node).__name__)


def _type_name(obj) -> str:
    if isinstance(obj, type):
        return obj.__name__
    return type(obj).__name__


def _merge_types(a, c) -> Optional[dt.DataType]:
    if not (is_scalar(a) and is_scalar(c)):
        return None
    ta = a.dtype if isinstance(a, PlainValue) else semantic.dtype_of_constant(ConstExpr.unwrap(a))
    tc = c.dtype if isinstance(c, PlainValue) else semantic.dtype_of_constant(ConstExpr.unwrap(c))
    return dt.promote(ta, tc) if ta != tc else ta


_BINOPS = {ast.Add: "+", ast.Sub: "-", ast.Mult: "*", ast.Div: "/", ast.FloorDiv: "//",
           ast.Mod: "%", ast.LShift: "<<", ast.RShift: ">>", ast.BitAnd: "&", ast.BitOr: "|",
           ast.BitXor: "^", ast.Pow: "**"}
_CMPOPS = {ast.Lt: "<", ast.LtE: "<=", ast.Gt: ">", ast.GtE: ">=", ast.Eq: "==", ast.NotEq: "!="}


def _pow(a, b):
    if isinstance(a, RuntimeValue) or isinstance(b, RuntimeValue):
        raise TypeError("** is not supported on runtime values")
    return a ** b


import operator as _op  # noqa: E402

_PY_BINOPS = {"+": _op.add, "-": _op.sub, "*": _op.mul, "/": _op.truediv, "//": _op.floordiv,
              "%": _op.mod, "<<": _op.lshift, ">>": _op.rshift, "&": _op.and_, "|": _op.or_,
              "^": _op.xor, "**": _pow, "<": _op.lt, "<=": _op.le, ">": _op.gt, ">=": _op.ge,
              "==": _op.eq, "!=": _op.ne}


# Python builtins that must understand runtime scalars.
def _rt_int(x=0, *args):
    if isinstance(x, PlainValue):
        return semantic.cast(x, dt.int32 if x.dtype.bits <= 32 or x.dtype.is_float() else x.dtype)
    return int(x, *args)


def _rt_float(x=0.0):
    if isinstance(x, PlainValue):
        return semantic.cast(x, dt.float32)
    return float(x)


def _rt_bool(x=False):
    if isinstance(x, PlainValue):
        return semantic.to_bool(x)
    return bool(x)


def _rt_extreme(args, cmp: str, fold):
    """min/max over scalars: folded by Python when all are compile-time, else selects."""
    values = args[0] if len(args) == 1 else args
    if not any(isinstance(v, PlainValue) for v in values):
        return fold(*args)
    result = values[0]
    for v in values[1:]:
        result = _select(semantic.binary(cmp, v, result), v, result)
    return result


def _rt_min(*args):
    return _rt_extreme(args, "<", builtins.min)


def _rt_max(*args):
    return _rt_extreme(args, ">", builtins.max)


def _rt_abs(x):
    if isinstance(x, PlainValue):
        return _select(semantic.binary("<", x, 0), -x, x)
    return builtins.abs(x)


def _select(cond, a, c):
    t = dt.promote(*(v.dtype if isinstance(v, PlainValue) else semantic.dtype_of_constant(v) for v in (a, c)))
    av, cv = semantic.as_value(a, t), semantic.as_value(c, t)
    return PlainValue(context.builder().create_select(cond.handle, av.handle, cv.handle), t)


def _rt_print(*args, **kwargs):
    raise TypeError("NameError: print is not defined in kernel code (it does not run on the device); "
                    "use asc.printf(format, values...)")


_BUILTINS = {"int": _rt_int, "float": _rt_float, "bool": _rt_bool, "min": _rt_min, "max": _rt_max,
             "abs": _rt_abs, "print": _rt_print}


# Dispatch tables (faster than NodeVisitor's getattr by name on every node).
_STMT_METHODS = {getattr(ast, name[len("visit_"):]): fn for name, fn in vars(CodeGenerator).items()
                 if name.startswith("visit_") and hasattr(ast, name[len("visit_"):])}
_EVAL_METHODS = {getattr(ast, name[len("eval_"):]): fn for name, fn in vars(CodeGenerator).items()
                 if name.startswith("eval_") and hasattr(ast, name[len("eval_"):])}


def _with_field(obj, name, value):
    """A copy of a parameter struct (built in the kernel or a by-value parameter)
    with one field set."""
    if kernel_struct.is_struct_value(obj):
        new = kernel_struct.struct_value(type(obj).__mro__[2], obj.handle)
    else:
        new = object.__new__(type(obj))
    object.__setattr__(new, "fields", {**obj.fields, name: value})
    return new


def _struct_by_value(value):
    """A parameter struct built in the kernel, as a device function's argument:
    C++ passes it by value. With a runtime field it becomes one struct value (the
    callee cannot use the caller's values); with compile-time fields only it stays
    a compile-time argument (field assignments rebind, so the callee's stay its own)."""
    if not isinstance(value, ParamStruct) or kernel_struct.is_struct_value(value):
        return value
    if kernel_struct.is_kernel_struct_class(type(value)) and any(
            isinstance(ConstExpr.unwrap(v), RuntimeValue) for v in value.fields.values()):
        return kernel_struct.struct_value(type(value), value.materialize())
    return value


def rewrap(value, handle):
    """A copy of a runtime object bound to another MLIR value (a device function's argument)."""
    new = copy.copy(value)
    new.handle = handle
    if kernel_struct.is_struct_value(new):
        new.fields = {}  # a by-value struct: the callee's field assignments stay its own
    return new
