-- Shopping while the stock lasts: run with as many threads as connections, so that each
-- connection has this script to itself and one shopper's token, and its requests follow
-- each other. The shopper adds one unit of a product to the cart and, when that worked,
-- checks out (sandbox EVC Plus: approved). A refused add (sold out meanwhile: 409) is
-- followed by another add; a refused checkout (the last unit went to someone else between
-- the add and the checkout) by removing that product, so the cart is empty again.
-- `orders` counts the checkouts answered 201: orders placed and paid.
dofile("bench/lua/common.lua")

local ids, headers
local next_step = "add"
local product
orders = 0

function init(args)
   headers = shopper_headers("checkout_tokens.txt")
   ids = read_lines(work_file("checkout_ids.txt"))
   math.randomseed(index)
end

function request()
   if next_step == "checkout" then
      return wrk.format("POST", "/api/orders/checkout", headers,
         '{"paymentMethod":"evc-plus","paymentPhone":"615550123"}')
   elseif next_step == "remove" then
      return wrk.format("DELETE", "/api/cart/remove/" .. product, headers)
   end
   product = ids[math.random(#ids)]
   return wrk.format("POST", "/api/cart/add", headers,
      '{"productId":"' .. product .. '","quantity":1}')
end

function response(status, headers, body)
   if next_step == "add" then
      if status == 200 then
         next_step = "checkout"
      end
   elseif next_step == "checkout" then
      if status == 201 then
         orders = orders + 1
         next_step = "add"
      else
         next_step = "remove"
      end
   else
      next_step = "add"
   end
end
