-- Auspex in Neovim 0.7+ (built-in LSP client): .army and .40k files get the
-- army-list language server. Set vim.g.auspex_server to your dist/server.js.
local server = vim.g.auspex_server or vim.fn.expand('~/auspex/dist/server.js')
local client_id

vim.api.nvim_create_autocmd({ 'BufRead', 'BufNewFile' }, {
  pattern = { '*.army', '*.40k' },
  callback = function(args)
    vim.bo[args.buf].filetype = 'armylist'
    if not client_id or not vim.lsp.get_client_by_id(client_id) then
      client_id = vim.lsp.start_client({
        name = 'auspex',
        cmd = { 'node', server, '--stdio' },
        root_dir = vim.fn.getcwd(),
      })
    end
    vim.lsp.buf_attach_client(args.buf, client_id)
  end,
})
