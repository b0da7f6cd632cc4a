"""What the compiler's index says about a module's sources: every declaration and every
reference, each resolved to the one declaration it means (by USR), so that a nested name, a
member declared in an extension or an overload is never taken for another.

SwiftPM's debug build writes the index while it compiles (.build/debug/index/store); this
reads it with the toolchain's libIndexStore, as SourceKit-LSP does. Used by .ci/folder-graph
and .ci/file-sizes.
"""

import ctypes
import os
import shutil
import subprocess

PACKAGE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ROLE_DECLARATION = 1 << 0
ROLE_DEFINITION = 1 << 1
ROLE_REFERENCE = 1 << 2
ROLE_IMPLICIT = 1 << 8
ROLE_CHILD_OF = 1 << 9
ROLE_ACCESSOR_OF = 1 << 15
DEPENDENCY_RECORD = 2


class IndexError_(Exception):
    """The index cannot be read or does not cover the sources."""


class _StringRef(ctypes.Structure):
    _fields_ = [("data", ctypes.c_void_p), ("length", ctypes.c_size_t)]


_UNITS = ctypes.CFUNCTYPE(ctypes.c_bool, ctypes.c_void_p, _StringRef)
_EACH = ctypes.CFUNCTYPE(ctypes.c_bool, ctypes.c_void_p, ctypes.c_void_p)


def _text(ref):
    return ctypes.string_at(ref.data, ref.length).decode("utf-8") if ref.length else ""


def _library():
    """libIndexStore of the toolchain whose `swift` is on the PATH."""
    swift = shutil.which("swift")
    if swift is None:
        raise IndexError_("no `swift` on the PATH")
    lib_dir = os.path.join(os.path.dirname(os.path.dirname(os.path.realpath(swift))), "lib")
    for name in ("libIndexStore.so", "libIndexStore.dylib"):
        path = os.path.join(lib_dir, name)
        if os.path.exists(path):
            break
    else:
        raise IndexError_(f"no libIndexStore in {lib_dir}")
    lib = ctypes.CDLL(path)
    p = ctypes.c_void_p
    signatures = {
        "indexstore_store_create": (p, [ctypes.c_char_p, ctypes.POINTER(p)]),
        "indexstore_error_get_description": (ctypes.c_char_p, [p]),
        "indexstore_unit_reader_create": (p, [p, ctypes.c_char_p, ctypes.POINTER(p)]),
        "indexstore_unit_reader_dispose": (None, [p]),
        "indexstore_unit_reader_get_main_file": (_StringRef, [p]),
        "indexstore_unit_reader_get_module_name": (_StringRef, [p]),
        "indexstore_unit_reader_get_modification_time": (
            None, [p, ctypes.POINTER(ctypes.c_int64), ctypes.POINTER(ctypes.c_int64)]),
        "indexstore_unit_dependency_get_kind": (ctypes.c_int, [p]),
        "indexstore_unit_dependency_get_name": (_StringRef, [p]),
        "indexstore_record_reader_create": (p, [p, ctypes.c_char_p, ctypes.POINTER(p)]),
        "indexstore_record_reader_dispose": (None, [p]),
        "indexstore_occurrence_get_symbol": (p, [p]),
        "indexstore_occurrence_get_roles": (ctypes.c_uint64, [p]),
        "indexstore_occurrence_get_line_col": (
            None, [p, ctypes.POINTER(ctypes.c_uint), ctypes.POINTER(ctypes.c_uint)]),
        "indexstore_symbol_get_usr": (_StringRef, [p]),
        "indexstore_symbol_get_name": (_StringRef, [p]),
        "indexstore_symbol_get_kind": (ctypes.c_int, [p]),
        "indexstore_symbol_relation_get_roles": (ctypes.c_uint64, [p]),
        "indexstore_symbol_relation_get_symbol": (p, [p]),
        "indexstore_store_units_apply_f": (ctypes.c_bool, [p, ctypes.c_uint, p, _UNITS]),
        "indexstore_unit_reader_dependencies_apply_f": (ctypes.c_bool, [p, p, _EACH]),
        "indexstore_record_reader_occurrences_apply_f": (ctypes.c_bool, [p, p, _EACH]),
        "indexstore_occurrence_relations_apply_f": (ctypes.c_bool, [p, p, _EACH]),
    }
    for name, (result, arguments) in signatures.items():
        function = getattr(lib, name)
        function.restype = result
        function.argtypes = arguments
    return lib


class Declaration:
    """A declaration written in a source file: its USR, its name (qualified by the types it is
    nested in or extends, `ElementReading.Result`, `CheckReport.aliasConflicts`), its file and
    line."""

    def __init__(self, usr, name, path, line):
        self.usr, self.name, self.path, self.line = usr, name, path, line


class Reference:
    """A reference written in a source file to a declaration, by USR."""

    def __init__(self, usr, name, path, line, implicit):
        self.usr, self.name, self.path, self.line, self.implicit = usr, name, path, line, implicit


def read(root, store=None, every_file=True):
    """The declarations and references of every Swift file under `root`, from the index.

    Raises IndexError_ when a file has no unit in the index (unless `every_file` is false:
    then a file no target compiles is left out), or a unit older than the file: the index
    must describe the sources as they are (run `swift build`).
    """
    root = os.path.realpath(root)
    store = store or os.path.join(PACKAGE, ".build", "debug", "index", "store")
    sources = set()
    for directory, _, files in os.walk(root):
        sources.update(os.path.join(directory, f) for f in files if f.endswith(".swift"))
    if not os.path.isdir(store):
        raise IndexError_(f"no index at {store}")
    lib = _library()
    error = ctypes.c_void_p()
    handle = lib.indexstore_store_create(store.encode(), ctypes.byref(error))
    if not handle:
        raise IndexError_(lib.indexstore_error_get_description(error).decode())

    unit_names = []
    lib.indexstore_store_units_apply_f(
        handle, 0, None, _UNITS(lambda _, name: unit_names.append(_text(name)) or True))
    # The newest unit of each source file: a file compiled by two builds (the tests' and the
    # plain one) has a unit from each.
    newest = {}
    for name in unit_names:
        unit = lib.indexstore_unit_reader_create(handle, name.encode(), ctypes.byref(error))
        if not unit:
            continue
        main = os.path.realpath(_text(lib.indexstore_unit_reader_get_main_file(unit))) \
            if _text(lib.indexstore_unit_reader_get_main_file(unit)) else ""
        if main in sources:
            seconds, nanoseconds = ctypes.c_int64(), ctypes.c_int64()
            lib.indexstore_unit_reader_get_modification_time(
                unit, ctypes.byref(seconds), ctypes.byref(nanoseconds))
            stamp = seconds.value + nanoseconds.value / 1e9
            records = []
            lib.indexstore_unit_reader_dependencies_apply_f(
                unit, None, _EACH(lambda _, dependency: (
                    lib.indexstore_unit_dependency_get_kind(dependency) == DEPENDENCY_RECORD
                    and records.append(_text(lib.indexstore_unit_dependency_get_name(dependency))))
                    or True))
            if main not in newest or newest[main][0] < stamp:
                newest[main] = (stamp, records)
        lib.indexstore_unit_reader_dispose(unit)

    if not every_file:
        sources = {path for path in sources if path in newest}
    for path in sorted(sources):
        if path not in newest:
            raise IndexError_(f"{path}: not in the index; run `swift build`")
        if newest[path][0] + 1 < os.path.getmtime(path):
            raise IndexError_(f"{path}: changed since it was indexed; run `swift build`")

    declarations, references = [], []
    for path in sorted(sources):
        for record in newest[path][1]:
            _read_record(lib, handle, record, path, declarations, references)
    return declarations, references


def _read_record(lib, handle, record, path, declarations, references):
    error = ctypes.c_void_p()
    reader = lib.indexstore_record_reader_create(handle, record.encode(), ctypes.byref(error))
    if not reader:
        raise IndexError_(f"{path}: index record {record} cannot be read")
    found = []

    def on_occurrence(_, occurrence):
        symbol = lib.indexstore_occurrence_get_symbol(occurrence)
        roles = lib.indexstore_occurrence_get_roles(occurrence)
        line, column = ctypes.c_uint(), ctypes.c_uint()
        lib.indexstore_occurrence_get_line_col(occurrence, ctypes.byref(line), ctypes.byref(column))
        parents = []
        if roles & (ROLE_DEFINITION | ROLE_DECLARATION):
            def on_relation(_, relation):
                if lib.indexstore_symbol_relation_get_roles(relation) & ROLE_CHILD_OF:
                    parent = lib.indexstore_symbol_relation_get_symbol(relation)
                    parents.append((_text(lib.indexstore_symbol_get_usr(parent)),
                                    _text(lib.indexstore_symbol_get_name(parent))))
                return True
            lib.indexstore_occurrence_relations_apply_f(
                occurrence, None, _EACH(on_relation))
        found.append((_text(lib.indexstore_symbol_get_usr(symbol)),
                      _text(lib.indexstore_symbol_get_name(symbol)), roles, line.value, parents))
        return True

    lib.indexstore_record_reader_occurrences_apply_f(
        reader, None, _EACH(on_occurrence))
    lib.indexstore_record_reader_dispose(reader)

    # Qualify each declaration by the declarations it is a child of (an extension's name is
    # the type it extends), from the outside in.
    parent_of = {}
    for usr, name, roles, line, parents in found:
        if roles & (ROLE_DEFINITION | ROLE_DECLARATION) and parents:
            parent_of.setdefault(usr, parents[0])
    names = {usr: name for usr, name, _, _, _ in found}

    def qualified(usr, name, depth=0):
        parent = parent_of.get(usr)
        if parent is None or depth > 20:
            return name
        return qualified(parent[0], parent[1], depth + 1) + "." + name

    for usr, name, roles, line, _ in found:
        if roles & (ROLE_DEFINITION | ROLE_DECLARATION) and not roles & ROLE_IMPLICIT:
            declarations.append(Declaration(usr, qualified(usr, names[usr]), path, line))
        elif roles & ROLE_REFERENCE:
            references.append(Reference(usr, name, path, line, bool(roles & ROLE_IMPLICIT)))


def ensure_built(roots):
    """Runs `swift build` when the index does not describe the sources under each of `roots`
    as they are."""
    try:
        for root in roots:
            read(root)
    except IndexError_:
        subprocess.run(["swift", "build"], check=True, cwd=PACKAGE, stdout=subprocess.DEVNULL)
