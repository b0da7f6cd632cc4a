extension DecodeCheckCommand {
  /// What `--help` prints, for a command called `name` whose examples use the registry's own
  /// types.
  static func helpText(name: String, registry: ModelRegistry) -> String {
    let first = registry.models.first
    let type = first?.name ?? "Order"
    let qualified = first?.qualifiedName ?? "MyModels.Order"
    let other = registry.models.dropFirst().first?.name ?? type
    return """
      USAGE: \(name) [options] <path> ...
             \(name) --openapi <file> [options]

      Decodes captured JSON payloads with the app's own Swift models and reports every value
      the models do not know, every element they leave out and every payload they cannot
      decode, with file:line:column and the JSON path; the old spellings the server still
      sends, as notes; and the aliases of the models' types that conflict.

      ARGUMENTS:
        <path>                  A JSON file; a HAR archive (*.har); a folder, searched
                                recursively for *.json and *.har files (hidden files and
                                folders are skipped, and links inside it to folders are not
                                followed); or - for standard input.

      OPTIONS:
        -t, --type <name>       Decode every payload as this registered type: its short name
                                or its module-qualified name, which always works:
                                  --type \(type)
                                  --type \(qualified)
                                An array of a registered type is [Name] (or Array<Name>),
                                here, in routes, schema maps and baselines, and the folder
                                Array-Name: --type '[\(type)]', Fixtures/Array-\(type)/page.json.
                                Without --type, each file is decoded as the type its nearest
                                enclosing folder is named after, so one run checks a folder of
                                several types:
                                  Fixtures/\(type)/v2.json is decoded as \(type)
                                  Fixtures/\(other)/v1.json is decoded as \(other)
                                Only the folder given and the folders below it count (for a
                                file given on its own, its own folder), never a folder above
                                the path. A file with no such folder is reported and not
                                checked. Standard input needs --type.
        --list-types            Print the registered types and exit.
        --routes <file>         The types of captured responses in HAR archives, by request:
                                  { "routes": [
                                    { "method": "GET", "url": "*/api/orders", "type": "\(type)" },
                                    { "url": "*/api/orders/*", "type": "\(other)" } ] }
                                "method" is optional; "url" is a glob over the URL's path
                                (* within one segment, ** across segments), or over the whole
                                URL without its query when it starts with a scheme (https://).
                                The first match wins. A bad routes file is a usage error.
        --openapi <file>        Check the models against an OpenAPI 3.0 or 3.1 document (JSON)
                                instead of payload files: payloads are generated from each
                                type's schema and decoded as the app decodes them. With
                                --type, only that type's schema. See OPENAPI below.
        --schemas <file>        With --openapi, the schema each type follows, by type name
                                (short or qualified) and schema name or JSON pointer:
                                  { "\(type)": "\(type)Response",
                                    "\(other)": "#/components/schemas/\(other)" }
        --max-payloads <n>      With --openapi, decode at most n payloads per schema, examples
                                included (default \(ContractChecker.defaultMaximumPayloadsPerSchema)); the rest are counted as left out.
        --include-errors        HAR: check responses with a status outside 200-299 too.
        --require-routes        HAR: a JSON response no route gives a type fails the check
                                (with --record, the run).
        --keep-query            HAR: name each request as captured, its concrete path and
                                query, which may hold ids, user names and tokens, instead of
                                by its route's URL pattern. Baselines are not changed by it.
        --record <folder>       Instead of a report, write each JSON payload with a type to
                                <folder>/<Type>/<name>.json as a fixture that decodes as the
                                payload did, redacted: see RECORDING below. Files already
                                there are never written again.
        --no-redact             With --record, write the payloads as captured.
        --keep <patterns>       With --record, write the values at these JSON path patterns
                                as captured, comma-separated: --keep '$.version,$.domain'.
                                A route's "keep": [...] does the same for its responses.
        --max-probes <n>        With --record, the most probes one payload may take (default
                                \(FixtureRedactor.defaultBudget)); a payload that needs more is not written, and is
                                listed.
        --strict                Fail payloads that hold values the models do not know or had
                                an element left out; without it they decode and are reported
                                as warnings. Old spellings are notes either way. With --audit,
                                brittle fields fail the check too.
        --audit                 Also ask the models, field by field, what a value the server
                                has never sent would do to each payload that decodes: a new
                                string or integer at each place, a new variant of an array's
                                tagged elements, each key left out. Each field (a JSON path
                                pattern, $.listings[*].kind) is listed once, with its verdict:
                                  brittle    decoding fails: a warning (error with --strict)
                                  resilient  reported as unknown; names the type and tool
                                  open       decodes, and nothing is reported
                                  required   leaving the key out fails (a note)
                                The text lists each type that breaks fields once, naming
                                them, and open fields only with -v.
                                It also sends each scalar as the other JSON type it converts
                                from or to (7 as "7", "7" as 7, true as "true") and as null:
                                fields of their own, brittle-to-type and brittle-to-null
                                notes (listed with -v), counted a line per model:
                                  audit: Listing: new value 12/14, other type 3/20, null 5/20
                                Payloads that do not decode are reported as usual and are
                                not audited.
        --strict-classes <classes>
                                With --audit: fail the check on these notes too, comma-
                                separated: brittle-to-type, brittle-to-null (an error each;
                                a baseline records and accepts them per field).
        --places-per-field <n>  With --audit: ask about at most n places of one field in a
                                payload (default 5): its first 3, then evenly over the rest.
        --places-per-file <n>   With --audit: ask about at most n places in one payload
                                (default 1000), each field once before any field twice.
        --lines                 Read newline-delimited JSON: one payload per line (blank lines
                                are skipped); findings name the line. Folders are then searched
                                for *.ndjson and *.jsonl files too.
        -f, --format <format>   One of \(ReportFormat.names):
      \(ReportFormat.helpText(indent: 26))
        --summary <file>        Write a Markdown summary for people to <file>: the counts,
                                the alias conflicts, every distinct unknown value by type, the
                                failures and elements left out by kind, the old spellings by
                                type.
                                With --format github and GITHUB_STEP_SUMMARY set, it is added
                                to the step summary unless --summary names another file.
        --baseline <file>       Report only findings that are not in this baseline; its entries
                                that no longer occur, in the files and archives this run read
                                or gone from the folders it searched, are listed as notes.
                                Repeat it to apply several baselines as one, such as those
                                the shards of a run wrote: each entry counts as often as the
                                file holding it most often holds it.
        --write-baseline <file> Record this run's findings (unknown values, elements left
                                out, decoding failures, invalid JSON) as a baseline, by file,
                                JSON path, kind and value, never by line, so editing a payload
                                keeps its entries. Old spellings and alias conflicts are not
                                recorded: the first never fail, the second are to correct.
                                A HAR response is recorded by archive, method and URL path
                                (no entry number or query), so a new export keeps them.
        --strict-baseline       With --baseline: fail when a baseline entry no longer occurs.
        --disable <classes>     Turn off these classes of check, comma-separated (and
                                repeatable): --disable date-format-edge,old-spelling. Their
                                findings are not reported, counted, failing, or recorded by
                                --write-baseline. See CLASSES below. An unknown name is a
                                usage error that lists the classes.
        -q, --quiet             text and github: print only errors, brittle fields and the summary
                                lines, and no progress. json, junit and sarif report everything.
        -v, --verbose           text and github: also list the audit's open fields.
        -j, --jobs <n>          Check at most n files at once (default: one per core).
        --shard <i/n>           Check only share i of n (1 <= i <= n), so a CI matrix of n
                                jobs splits a large check, audit or --openapi run: files by
                                their path below the folder searched, HAR entries by method
                                and URL path, --openapi's schemas by name. The n shares are
                                disjoint, together the whole run, and the same on every run.
                                The summary line starts with the share: shard 2/4: 15 of 59
                                files. Not with standard input.
        --version               Print the name, the DecodeCheck library's version, and exit.
        -h, --help              Print this help and exit.

      OUTPUT:
        Every unknown value and every failure, by file and position, then a summary:
          Fixtures/\(type)/v2.json:14:15: warning: $.path.to.field: unknown <Enum> value
            "new"; known: old, older
          4 files checked: 2 decoded cleanly, 1 with unknown values (1 value), 1 failed
        Text and github output is written as files complete: folders' files in the order
        listed (256 at a time), an archive's requests in its order, so memory holds one batch
        of findings. With --summary, --baseline, --write-baseline, --audit, --openapi or
        another format the whole report is held, sorted by file, and written at the end.
        A file failed when it holds an error: a payload that does not decode or is not valid
        JSON, or with --strict an unknown value or an element left out. Every format counts it
        the same way.
        An element that fails to decode, which @SkipInvalidElements left out, is a warning at
        the element with its own error (an error with --strict):
          warning: $.notices[3]: left out an element that fails to decode as Notice: expected
            a number, found a string: "6" (at $.notices[3].id)
        A value read through an alias or by its letter case (ValueAliases, tagAliases) is an
        old spelling still sent: a note, never an error, listed once per type and spelling:
          note: $.method: old spelling PaymentMethod "credit_card" read as "card"; 3 payloads,
            5 places
        An alias that is another value's raw value, two spellings equal ignoring letter case,
        or a tag alias that is a known tag or names an unknown one, in a registered type or a
        type a payload's reports name, is an alias conflict: an error on the type.
        Columns count characters, from 1. A missing key is reported at the object that lacks
        it. When standard error is a terminal, progress is shown there during long runs.

      JSON:
        Every payload is checked against RFC 8259 before it is decoded, including values the
        models never read: invalid JSON is an error ("not valid JSON") at the place it stops
        being JSON, reported before anything the models would say. What JSONDecoder reads
        beyond the standard is a warning that other clients will reject it: a trailing comma,
        and UTF-16 or UTF-32 text (read as JSONDecoder reads it, or rejected when it would
        misread it). Types registered with the app's decoder are decoded with it: its key,
        date and data strategies and userInfo apply, and paths name the payload's own keys.

      HAR ARCHIVES:
        Each entry whose response is JSON (MIME type application/json or *+json, or without
        a type a body starting with { or [) is one payload, base64 bodies decoded. Entries with
        no body, non-JSON bodies, error statuses and no route are counted in the summary and
        skipped. Findings name the request, then the line and column in the response body:
          capture.har#12 GET */api/v2/listings (body 14:15): warning: $.listings[1].kind: …
        A request is named by the URL pattern of the route that typed it, never by its
        concrete path or its query (they carry ids, user names and tokens); one no route typed
        by its path with each segment that looks like an id or a name written *. Baselines
        record it by method and pattern; an entry written with the concrete path still
        matches. Without --routes, --type gives every response its type. A routes.json beside an archive
        in a folder, and the --routes file, are not payloads. The archive is read as a stream.

      RECORDING:
        --record reads files, folders and HAR archives as a check does, and writes fixtures
        that `\(name) <folder>` and PayloadFixture.all(in:) read back as the same types.
        Headers, cookies and queries are never written. A string is kept only where the models
        read it as a value: an enum's raw value (known or not), a union's tag, an alias, a value
        the payload reports. Every other string becomes a stand-in of its form, which is the
        whole string's (text that only starts like a date is text): a date 2000-01-01…, a UUID
        of zeros, https://example.com/redacted, redacted@example.com, a number as text "1",
        "redacted", or for one word its mask, Xxxx-111; the first that decodes as before.
        Free text that "redacted" cannot replace is not written. Keys the models
        read as names are kept, a dictionary's replaced; keys nothing reads (after a failure,
        in an unknown variant or field) are kept when they look like field names, and listed
        in <folder>/kept-keys.txt; numbers become 1, -1, 0.5 where the outcome holds. A
        payload that fails is mended with values from other places of the same field to ask
        about what follows the failure, so its fixture decodes once the model is fixed.
        Decisions by field carry over to the next payloads of a type and route. Each fixture is decoded again and must keep the payload's reports
        and failure at the same paths. A payload only a captured value keeps is not written,
        and is listed. Names come from the type, the route and the shape, and one shape is
        written once, so a second run writes nothing:
          \(type)/api-orders-x-5d1c0e9a2b47.json (route */api/orders/*)
          \(type)/\(type)-0e6a41f93b28.json      (no route)
        Each fixture is written to a temporary file beside it and moved to its name without
        replacing a file; a later run removes what a run stopped partway left. A fixture
        already there that is not valid JSON is named and left. Without --shard, the fixtures
        in <folder> that the run would not write are listed, for you to prune. A typed body
        that is not valid JSON is named; it is written when its fixture says what a check says
        of it (a trailing comma, UTF-16; anything with --no-redact). An empty <folder>, an
        input that does not exist, a <folder> inside an input folder, or a <folder> that
        cannot be created or written is a usage error before any input is read, and nothing
        is written. --strict does not go with --record. Exit 0 when every payload with a type
        was written or was there already, 1 when one was not, is not valid JSON, or a fixture
        there is broken.

      AUDIT:
        A new value keeps the form of the one it replaces, so a field is asked about what the
        server could send there: a date becomes the same date 28 years later, a UUID has each
        hex digit one up, a URL another host (audit-…), digits and decimals one more digit,
        any other string "decodecheckAuditNewValue", and an integer the first of 97, 997, 9997,
        … above every integer of that field in the payload. A new variant is an element of an
        array of objects that differ in their members, its tag (type, kind, event, or a key
        whose new value the models report) never sent, with only the members every element
        carries. Each field line names one example place. --write-baseline records brittle
        fields by model and path pattern, so a baseline accepts today's and fails on new ones.
          Fixtures/\(type)/v1.json:9:18: warning: $.items[*].state: brittle: a new value
            fails decoding: unknown State value "decodecheckAuditNewValue", …; 4 payloads,
            9 places

      OPENAPI:
        Each registered type is checked against the schema under #/components/schemas whose
        name is exactly its short name (\(type)), unless --schemas, or its registration
        (RegisteredModel(\(type).self, schema: "…")), names another. A type with no schema of
        its name is not checked. A near miss is never matched by itself: when a schema's name is
        close (another letter case, _ or -, one or two letters apart, or the name with a
        prefix or suffix, such as \(type)DTO), a note on standard error says so and
        --list-types shows it; map it with --schemas. A map entry or registration naming a
        type or schema that does not exist is a usage error, as is a run no type matches.
        For each type: the spec's examples (of the schema, and of JSON responses whose schema
        is it); one payload with every member, of its spec type and format; then every enum
        value wherever the schema reaches it, each optional member left out, each nullable one
        null, the edges of integers (bounds, int32, int64), fractional and offset date-times,
        and every oneOf/anyOf branch and discriminator value. A value read as unknown is a
        warning (an error with --strict); a payload that does not decode is an error:
          api.json:41:17: warning: \(type) $.state: the spec allows "new" here; <Enum> reads
            it as unknown (#/components/schemas/\(type)/properties/state/enum/3) [enum-value]
        Each finding names the document's line and column of the spec member, the type, the
        path in the generated payload, the member's JSON pointer, and its class of check. A
        schema several types include is reported once, by the type of that schema (else the
        first type), naming the others. Baselines record them
        by type, pointer and value, so a regenerated document keeps its entries. $ref within
        the document is followed; cycles are cut (an optional member left out, an array
        empty, a required member reported as not generated); a $ref to another document is
        reported, not fetched. A payload holds at most 10000 values, 64 levels deep. YAML is
        not read: convert it to JSON (the error says how).

      CLASSES:
        Every finding has a class of check, the name --disable takes:
          unknown-value      a value the models do not know
          element-left-out   an element @SkipInvalidElements left out
          old-spelling       a value read through an alias or by its letter case
          decoding-failure   a payload the models cannot decode
          invalid-json       a payload that is not valid JSON or UTF-8
          no-route           a HAR response no route gives a type
          alias-conflict     a type's aliases that conflict
          brittle-field      a field a new value breaks (--audit)
          audited-field      the audit's other fields (--audit)
          default-used       a missing or null key @DecodeMissingAsDefault read as
                             its default
          brittle-to-type    a field the other JSON type breaks (--audit; a note)
          brittle-to-null    a field null breaks (--audit; a note)
          unknown-field      a field a @KeepUnknownFields model does not write
          converted-type     a value of another JSON type @DecodeConvertingType or
                             @DecodeOneOrMany converted ("7" for an Int)
        With --openapi, the class is the check that made the payload:
          spec-example       the spec's examples
          enum-value         every enum value
          optionality        members left out, nullable members null
          type-format        each type and format, the edges of numbers
          date-format-edge   RFC 3339 date-times with fractional seconds or a UTC
                             offset, which many date strategies refuse (Apple's
                             .iso8601 refuses fractional seconds)
          variant            every oneOf/anyOf branch and discriminator value
          not-generated      parts of the spec no payload was generated from
        Every finding ends with its class ([unknown-value]); SARIF names classes as rule
        ids, JSON as each finding's "class". Inputs that cannot be read (input-error)
        are never turned off.

      EXIT STATUS:
        0  every payload decoded (unknown values are warnings)
        1  a payload did not decode or is not valid JSON (or a HAR archive is not), or held
           unknown values, elements left out or (with --audit) brittle fields with --strict,
           or a type's aliases conflict, or a response had no route with --require-routes,
           or a baseline entry no longer occurs with --strict-baseline (findings a baseline
           accepts never fail)
        2  a usage error (a routes file or schema map that cannot be used is one), a baseline
           that cannot be read, a summary or baseline that cannot be
           written, or a path that could not be checked: missing, unreadable, a folder without
           payloads, or a file without a type; an OpenAPI document that cannot be read, or a
           schema no payload can be generated from

      """
  }
}
