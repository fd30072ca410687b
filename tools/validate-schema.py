#!/usr/bin/env python3
"""Validates scenario files against docs/scenario.schema.json.

Usage: validate-schema.py SCHEMA FILE...
Prints one line per file, `ok FILE` or `invalid FILE: reason`, and exits 1 if any file is invalid.
"""
import json
import sys

import jsonschema
import yaml


def main() -> int:
    schema = json.load(open(sys.argv[1], encoding="utf-8"))
    validator = jsonschema.Draft7Validator(schema)
    status = 0
    for path in sys.argv[2:]:
        try:
            document = yaml.safe_load(open(path, encoding="utf-8"))
        except Exception as error:  # a file YAML cannot read is invalid for the schema too
            print(f"invalid {path}: not YAML ({str(error).splitlines()[0]})")
            status = 1
            continue
        errors = sorted(validator.iter_errors(document), key=lambda e: list(e.path))
        if errors:
            where = "/".join(str(p) for p in errors[0].path) or "(root)"
            print(f"invalid {path}: {where}: {errors[0].message[:200]}")
            status = 1
        else:
            print(f"ok {path}")
    return status


if __name__ == "__main__":
    sys.exit(main())
