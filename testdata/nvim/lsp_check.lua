-- End-to-end check of `recoverlint lsp` from a real Neovim client.
--
-- Written for Neovim 0.7.x (no vim.lsp.start there), run headless:
--
--   RL_CMD=/path/to/recoverlint RL_FILE=/abs/doc.md RL_ROOT=/abs/root \
--     nvim --headless --clean -n -u NONE -c 'luafile testdata/nvim/lsp_check.lua'
--
-- Every result line goes to stdout through io.write (see README.md).
-- The exit status is 0 only if every step worked; otherwise the last line
-- says what went wrong (`timeout WHAT`, `error WHAT`) and nvim exits via :cq.

local WAIT_MS = 10000

local function out(line)
  io.stdout:write(line, '\n')
  io.stdout:flush()
end

local function fail(line)
  out(line)
  vim.cmd('cq')
end

-- One-line rendering of a value, with newlines (and CRs, tabs) made visible.
local function esc(s)
  if s == nil or s == vim.NIL then
    return '-'
  end
  s = tostring(s)
  return (s:gsub('\\', '\\\\'):gsub('\r', '\\r'):gsub('\n', '\\n'):gsub('\t', '\\t'))
end

local function range_str(r)
  return string.format('%d:%d-%d:%d', r.start.line, r.start.character, r['end'].line, r['end'].character)
end

local function print_diag(d)
  out(string.format('diag %s %s %s %s', range_str(d.range), esc(d.code), esc(d.severity), esc(d.message)))
end

local function print_edits(edits)
  for _, e in ipairs(edits or {}) do
    out(string.format('edit %s %s', range_str(e.range), esc(e.newText)))
  end
end

local function main()
  local cmd = os.getenv('RL_CMD')
  local file = os.getenv('RL_FILE')
  local root = os.getenv('RL_ROOT')
  if not cmd or cmd == '' or not file or file == '' or not root or root == '' then
    return fail('error RL_CMD, RL_FILE and RL_ROOT must all be set')
  end

  vim.o.swapfile = false
  vim.o.shortmess = vim.o.shortmess .. 'F'

  -- Every textDocument/publishDiagnostics the server sends, in arrival order,
  -- with the raw LSP params (0-based ranges, numeric severity).
  local publishes = {}
  local exited = nil

  local client_id = vim.lsp.start_client({
    name = 'recoverlint',
    cmd = { cmd, 'lsp' },
    root_dir = root,
    handlers = {
      ['textDocument/publishDiagnostics'] = function(err, result, ctx, config)
        if result then
          table.insert(publishes, vim.deepcopy(result))
        end
        return vim.lsp.diagnostic.on_publish_diagnostics(err, result, ctx, config)
      end,
    },
    -- 0.7 sends the 'filetype' option as languageId; with -u NONE there is
    -- no filetype detection, so fall back to the extension for Markdown.
    get_language_id = function(_, ft)
      if ft ~= nil and ft ~= '' then
        return ft
      end
      return 'markdown'
    end,
    on_exit = function(code, signal)
      exited = { code = code, signal = signal }
    end,
  })
  if not client_id then
    return fail('error could not start ' .. cmd)
  end

  vim.cmd('edit ' .. vim.fn.fnameescape(file))
  local bufnr = vim.api.nvim_get_current_buf()
  local uri = vim.uri_from_bufnr(bufnr)
  if not vim.lsp.buf_attach_client(bufnr, client_id) then
    return fail('error buf_attach_client failed')
  end

  -- Index (into publishes) of the newest publish for our buffer after `from`;
  -- if `min_version` is given and the server sends a version, it must be at
  -- least that (so a late publish for an older text is not taken).
  local function newest_for_buf(from, min_version)
    for i = #publishes, from + 1, -1 do
      local p = publishes[i]
      if p.uri == uri then
        if min_version == nil or p.version == nil or p.version == vim.NIL or p.version >= min_version then
          return i
        end
      end
    end
    return nil
  end

  -- b. first diagnostics for the opened buffer
  local first_idx
  if not vim.wait(WAIT_MS, function()
    first_idx = newest_for_buf(0)
    return first_idx ~= nil
  end, 20) then
    return fail('timeout publishDiagnostics')
  end
  local diags = publishes[first_idx].diagnostics or {}
  for _, d in ipairs(diags) do
    print_diag(d)
  end
  if #diags == 0 then
    return fail('error no diagnostics')
  end
  local first = diags[1]

  -- c. code actions for the first diagnostic
  local responses, reason = vim.lsp.buf_request_sync(bufnr, 'textDocument/codeAction', {
    textDocument = { uri = uri },
    range = first.range,
    context = { diagnostics = diags },
  }, WAIT_MS)
  if not responses then
    return fail('timeout codeAction ' .. esc(reason))
  end
  local resp = responses[client_id]
  if not resp then
    return fail('error no codeAction response')
  end
  if resp.err then
    return fail('error codeAction ' .. esc(resp.err.message or vim.inspect(resp.err)))
  end
  for _, action in ipairs(resp.result or {}) do
    out('action ' .. esc(action.title))
    local edit = action.edit
    if edit and edit.documentChanges then
      for _, dc in ipairs(edit.documentChanges) do
        if dc.kind then
          out('op ' .. esc(dc.kind))
        else
          print_edits(dc.edits)
        end
      end
    elseif edit and edit.changes then
      local uris = vim.tbl_keys(edit.changes)
      table.sort(uris)
      for _, u in ipairs(uris) do
        print_edits(edit.changes[u])
      end
    end
  end

  -- d. delete the line of the first diagnostic -> incremental didChange
  local seen = #publishes
  local line = first.range.start.line
  vim.api.nvim_buf_set_lines(bufnr, line, line + 1, false, {})
  local want_version = vim.lsp.util.buf_versions[bufnr]
  local after_idx
  if not vim.wait(WAIT_MS, function()
    after_idx = newest_for_buf(seen, want_version)
    return after_idx ~= nil
  end, 20) then
    return fail('timeout publishDiagnostics after change')
  end
  local after = publishes[after_idx].diagnostics or {}
  out('after ' .. #after)
  for _, d in ipairs(after) do
    print_diag(d)
  end

  -- e. shutdown + exit, wait for the process to go away
  vim.lsp.stop_client(client_id)
  if not vim.wait(WAIT_MS, function()
    return exited ~= nil
  end, 20) then
    return fail('timeout server exit')
  end
  out(string.format('exit %d %d', exited.code, exited.signal))
  if exited.code ~= 0 then
    return fail('error server exit code ' .. exited.code)
  end
  vim.cmd('qa!')
end

local ok, err = xpcall(main, debug.traceback)
if not ok then
  fail('error ' .. esc(err))
end
