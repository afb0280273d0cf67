-- Shopping while the stock lasts: run with as many threads as connections, so that each
-- connection has this script to itself and one shopper's token, and its requests follow
-- each other. The shopper adds one unit of a product (of a size, for a product with sizes)
-- to the cart and, when that worked, checks out to Hodan, Mogadishu (sandbox EVC Plus:
-- approved). A refused add (sold out meanwhile: 409) is followed by another add; a refused
-- checkout (the last unit went to someone else between the add and the checkout) by
-- removing that line, so the cart is empty again.
-- `orders` counts the checkouts answered 201: orders placed and paid.
dofile("bench/lua/common.lua")

local items, headers
local next_step = "add"
-- Delivered to one of the seeded zones (`shop seed` adds the demo's): the zone's fee is
-- looked up and charged as every shopper's checkout does.
local checkout_body = '{"paymentMethod":"evc-plus","paymentPhone":"615550123",'
   .. '"shippingAddress":{"fullName":"Amina Hassan","phone":"615550123","city":"Mogadishu",'
   .. '"district":"Hodan","addressLine":"Maka Al Mukarama Rd 12","landmark":"Near the market mosque"}}'
local remove
orders = 0

function init(args)
   headers = shopper_headers("checkout_tokens.txt")
   items = read_lines(work_file("checkout_items.txt"))
   math.randomseed(index)
end

function request()
   if next_step == "checkout" then
      return wrk.format("POST", "/api/orders/checkout", headers, checkout_body)
   elseif next_step == "remove" then
      return wrk.format("DELETE", remove, headers)
   end
   local _, add
   _, add, remove = cart_item(items[math.random(#items)], 1)
   return wrk.format("POST", "/api/cart/add", headers, add)
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
