-- Run by nvim.test.ts after auspex.lua: waits on the real client's state (no
-- fixed sleeps), asks for hovers, and writes what it saw as JSON to
-- $AUSPEX_NVIM_OUT, then quits.
local out = {}
local published = {}
local original = vim.lsp.handlers['textDocument/publishDiagnostics']
vim.lsp.handlers['textDocument/publishDiagnostics'] = function(err, result, ctx, config)
  published[result.uri] = #result.diagnostics
  return original(err, result, ctx, config)
end

local function hover_text(buf, line, character)
  local text
  vim.wait(15000, function()
    local responses = vim.lsp.buf_request_sync(buf, 'textDocument/hover', {
      textDocument = { uri = vim.uri_from_bufnr(buf) },
      position = { line = line, character = character },
    }, 5000)
    for _, r in pairs(responses or {}) do
      if r.result and r.result.contents then
        local c = r.result.contents
        text = type(c) == 'string' and c or c.value
      end
    end
    return text ~= nil
  end, 100)
  return text
end

local ok, err = pcall(function()
  local mistakes = vim.api.nvim_get_current_buf()
  out.filetype = vim.bo[mistakes].filetype
  local errors = { severity = vim.diagnostic.severity.ERROR }
  out.diagnostics_arrived = vim.wait(20000, function() return #vim.diagnostic.get(mistakes, errors) >= 3 end, 50)
  out.diagnostics = {}
  for _, d in ipairs(vim.diagnostic.get(mistakes)) do
    table.insert(out.diagnostics, { lnum = d.lnum, col = d.col, severity = d.severity, message = d.message, source = d.source })
  end
  out.clients = {}
  -- get_clients is 0.10+, buf_get_clients the 0.7 name (removed later).
  local clients = vim.lsp.get_clients and vim.lsp.get_clients({ bufnr = mistakes }) or vim.lsp.buf_get_clients(mistakes)
  for _, c in pairs(clients) do table.insert(out.clients, c.name) end
  -- "Atalan Jackals" further down the mistakes list (0-based line 18).
  out.hover_unit = hover_text(mistakes, 18, 3)

  vim.cmd('edit ' .. vim.fn.fnameescape(vim.env.AUSPEX_NVIM_CLAW))
  local claw = vim.api.nvim_get_current_buf()
  local claw_uri = vim.uri_from_bufnr(claw)
  vim.wait(20000, function() return published[claw_uri] ~= nil end, 50)
  out.claw_published = published[claw_uri]
  -- "Mining laser" (0-based line 14, character 14).
  out.hover_weapon = hover_text(claw, 14, 14)
end)
if not ok then out.error = tostring(err) end

local f = io.open(vim.env.AUSPEX_NVIM_OUT, 'w')
f:write(vim.fn.json_encode(out))
f:close()
vim.cmd('qa!')
