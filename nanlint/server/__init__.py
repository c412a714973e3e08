"""`nanlint server`: a Language Server for editors (LSP over standard input and output).

It needs pygls, the `server` extra (`pip install -e '/path/to/nanlint[server]'` in a checkout, or
`pip install "nanlint[server] @ git+https://github.com/nanlint/nanlint"`: nanlint is on no package
index); only `protocol` and the modules it imports use it, so the rest of nanlint imports without it.
"""
