-- Shared by every scenario (loaded with dofile, wrk runs from the repository root).
-- `setup` numbers the threads and keeps them, so that `done` can add up what each thread
-- counted; `done` prints one machine-readable RESULT line that bench/run.sh parses.

local threads = {}

function setup(thread)
   thread:set("index", #threads + 1)
   table.insert(threads, thread)
end

-- Lines of a file the bench wrote (ids, tokens), in order.
function read_lines(path)
   local lines = {}
   for line in io.lines(path) do
      if line ~= "" then
         table.insert(lines, line)
      end
   end
   assert(#lines > 0, path .. " is empty")
   return lines
end

function work_file(name)
   return os.getenv("BENCH_WORK") .. "/" .. name
end

-- A line of the bench's item files: a product id and a size's id, `-` for a one-size product.
-- Returns the product id, the body adding `quantity` of it to the cart, and the address
-- removing its line.
function cart_item(line, quantity)
   local product, variant = line:match("^(%S+) (%S+)$")
   assert(product, "not an item: " .. line)
   if variant == "-" then
      return product,
         '{"productId":"' .. product .. '","quantity":' .. quantity .. '}',
         "/api/cart/remove/" .. product
   end
   return product,
      '{"productId":"' .. product .. '","variantId":"' .. variant .. '","quantity":' .. quantity .. '}',
      "/api/cart/remove/" .. product .. "?variantId=" .. variant
end

-- The headers of this thread's shopper: the thread's own token from the file `name` (one
-- token per line) and a JSON body.
function shopper_headers(name)
   local tokens = read_lines(work_file(name))
   return {
      ["Authorization"] = "Bearer " .. tokens[(index - 1) % #tokens + 1],
      ["Content-Type"] = "application/json",
   }
end

function done(summary, latency, requests)
   local seconds = summary.duration / 1e6
   local orders = 0
   for _, thread in ipairs(threads) do
      orders = orders + (thread:get("orders") or 0)
   end
   local errors = summary.errors
   io.write(string.format(
      "RESULT requests=%d seconds=%.3f rps=%.1f p50_ms=%.3f p99_ms=%.3f non2xx=%d socket_errors=%d orders=%d orders_per_s=%.1f\n",
      summary.requests, seconds, summary.requests / seconds,
      latency:percentile(50) / 1000, latency:percentile(99) / 1000,
      errors.status, errors.connect + errors.read + errors.write + errors.timeout,
      orders, orders / seconds))
end
