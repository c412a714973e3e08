"""`nanlint server`: a Language Server for editors (LSP over standard input and output).

It needs pygls (`pip install 'nanlint[server]'`); only `protocol` and the modules it imports use
it, so the rest of nanlint imports without it.
"""
