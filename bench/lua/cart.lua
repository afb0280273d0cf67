-- POST /api/cart/add: run with as many threads as connections, so that each connection has
-- this script to itself and one shopper's token. The shopper adds one unit of a
-- well-stocked product (or size of one) and removes it again (DELETE
-- /api/cart/remove/{id}[?variantId=]), so the cart stays as small as a real one instead of
-- growing by every request.
dofile("bench/lua/common.lua")

local items, remove, headers
local adding = true

function init(args)
   headers = shopper_headers("cart_tokens.txt")
   items = read_lines(work_file("stocked_items.txt"))
   math.randomseed(index)
end

function request()
   if not adding then
      return wrk.format("DELETE", remove, headers)
   end
   local _, add
   _, add, remove = cart_item(items[math.random(#items)], 1)
   return wrk.format("POST", "/api/cart/add", headers, add)
end

function response(status, headers, body)
   -- After a refused add there is nothing to remove.
   adding = not (adding and status == 200)
end
