-- POST /api/cart/add: run with as many threads as connections, so that each connection has
-- this script to itself and one shopper's token. The shopper adds one unit of a
-- well-stocked product and removes it again (DELETE /api/cart/remove/{id}), so the cart stays
-- as small as a real one instead of growing by every request.
dofile("bench/lua/common.lua")

local ids, product, headers
local adding = true

function init(args)
   headers = shopper_headers("cart_tokens.txt")
   ids = read_lines(work_file("stocked_ids.txt"))
   math.randomseed(index)
end

function request()
   if not adding then
      return wrk.format("DELETE", "/api/cart/remove/" .. product, headers)
   end
   product = ids[math.random(#ids)]
   return wrk.format("POST", "/api/cart/add", headers,
      '{"productId":"' .. product .. '","quantity":1}')
end

function response(status, headers, body)
   -- After a refused add there is nothing to remove.
   adding = not (adding and status == 200)
end
