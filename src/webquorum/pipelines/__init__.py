"""The capabilities, each a pipeline that reads top to bottom over the runtime's parts."""
