"""Validates threshold files against the schema `iogate schema` printed.

Usage: validate.py SCHEMA FILE...
Checks SCHEMA against the draft it names, and each key's "examples" (values the parser takes:
threshold_keys_gtest) against the key's own schema; then prints one line per FILE:
  <file> valid
  <file> invalid <the first error, with where it is>
  <file> unconvertible <why the TOML did not read>
Each file is read as TOML (tomllib) and converted to JSON as an editor's TOML validator sees it
(dates and times become their text), then validated. Exits 0 when every line was printed.
"""
import json
import sys
import tomllib

import jsonschema


def subschemas(node):
    """Every schema object in node, node included."""
    if isinstance(node, dict):
        yield node
        for value in node.values():
            yield from subschemas(value)
    elif isinstance(node, list):
        for value in node:
            yield from subschemas(value)


def check_examples(schema, validator_class):
    resolver = jsonschema.RefResolver.from_schema(schema)
    for sub in subschemas(schema):
        examples = sub.get("examples")
        if not isinstance(examples, list):  # a key named "examples" in "properties"
            continue
        for example in examples:
            validator = validator_class(sub, resolver=resolver)
            error = jsonschema.exceptions.best_match(validator.iter_errors(example))
            if error is not None:
                sys.exit(f"the schema refuses its own example {example!r}: {error.message}")


def main():
    with open(sys.argv[1], encoding="utf-8") as f:
        schema = json.load(f)
    validator_class = jsonschema.validators.validator_for(schema)
    validator_class.check_schema(schema)
    check_examples(schema, validator_class)
    validator = validator_class(schema)
    for path in sys.argv[2:]:
        try:
            with open(path, "rb") as f:
                document = json.loads(json.dumps(tomllib.load(f), default=str))
        except (tomllib.TOMLDecodeError, UnicodeDecodeError) as e:
            print(path, "unconvertible", str(e).replace("\n", " "))
            continue
        error = jsonschema.exceptions.best_match(validator.iter_errors(document))
        if error is None:
            print(path, "valid")
        else:
            where = "/".join(str(p) for p in error.absolute_path) or "(document)"
            print(path, "invalid", where + ":", error.message.replace("\n", " "))


if __name__ == "__main__":
    main()
