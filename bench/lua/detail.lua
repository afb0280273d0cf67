-- GET /api/products/{id} over a random sample of the catalogue.
dofile("bench/lua/common.lua")

local ids

function init(args)
   ids = read_lines(work_file("product_ids.txt"))
   math.randomseed(index)
end

function request()
   return wrk.format("GET", "/api/products/" .. ids[math.random(#ids)])
end
